/*---
description: a placeholder that names nothing is flagged with the nearest output name as the corrected path
rules: [A10]
layout: |
  ${titel}
  ${user.nmae}
  Hello ${usr.name}
  ${temprature}°
  ${$.titel}
  ${zzzzzz}
expect:
  status: ok
  layout:
    rendered: ["", "", "Hello ", "°", "", ""]
    findingsExact: [layout-missing, layout-missing, layout-missing, layout-missing, layout-missing, layout-missing]
    findings:
      - { code: layout-missing, severity: warning, location: 1, column: 1, placeholder: "${titel}", suggestion: title, message: title }
      - { code: layout-missing, location: 2, suggestion: user.name }
      - { code: layout-missing, location: 3, column: 7, suggestion: user.name }
      - { code: layout-missing, location: 4, suggestion: temperature }
      - { code: layout-missing, location: 5, suggestion: $.title }
      - { code: layout-missing, location: 6, message: temperature }
---*/
const title = "Inbox", temperature = 21
const user = { name: "Ann" }
