/*---
description: a missing value or a bad path renders as an empty string, alone or inside text, never an error
rules: [A10]
layout: |
  ${nothing}
  [${nothing}]
  ${user.age}
  ${list[5]}
  ${count.value}
  ${user.name.first}
  ${list.name}
  Temp: ${temp.now}°, ${user.name}
expect:
  status: ok
  layout:
    rendered: ["", "[]", "", "", "", "", "", "Temp: °, Ann"]
    findingsExact: [layout-missing, layout-missing, layout-missing, layout-missing, layout-type, layout-type, layout-type, layout-missing]
    entries:
      - { location: 1, status: missing, value: null, text: "", field: "" }
      - { location: 2, status: missing, field: "[]" }
      - { location: 3, status: missing, field: "" }
      - { location: 4, status: missing, field: "" }
      - { location: 5, status: type-mismatch, field: "" }
      - { location: 6, status: type-mismatch, field: "" }
      - { location: 7, status: type-mismatch, field: "" }
      - { location: 8, status: missing, text: "", field: "Temp: °, Ann" }
      - { location: 8, status: resolved, text: Ann }
---*/
const user = { name: "Ann" }, list = [1, 2], count = 3
