/*---
description: a colour field whose one placeholder gives a Boolean, a number, null or an array is a layout-type finding; strings and {light, dark} are colours
rules: [A10]
layout: |
  {"type": "vstack", "dataSource": "${rows[row]}", "children": [
    {"type": "text", "content": "${row.dest}", "color": "${row.late}", "background": "${row.tint}"},
    {"type": "shape", "color": {"light": "${row.minutes}", "dark": "#FFFFFF"}}
  ]}
expect:
  status: ok
  layout:
    findings:
      - { code: layout-type, location: /children/0/color, placeholder: "${row.late}", message: "the Boolean true" }
      - { code: layout-type, location: /children/1/color/light, placeholder: "${row.minutes}", message: "the number 4" }
    findingsExact: [layout-type, layout-type]
---*/
const rows = [
  { dest: "Leipzig", late: true, minutes: 4, tint: "#FFEEEE" },
  { dest: "Halle", late: false, minutes: 12, tint: { light: "#EEFFEE", dark: "#113311" } },
]
