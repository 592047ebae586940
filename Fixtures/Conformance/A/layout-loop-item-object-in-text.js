/*---
description: the Loop page's ${$.row} sample; inside the loop ${row} is the loop item, an object, which a text shows as [object Object], and the check reports it though the placeholder is the whole field
rules: [A10]
layout: |
  {"type": "vstack", "dataSource": "${list[row]}", "children": [
    {"type": "text", "content": "${row}"},
    {"type": "text", "content": "${$.row}"}
  ]}
expect:
  status: ok
  layout:
    rendered:
      type: vstack
      children:
        - { type: text, content: { row: inner } }
        - { type: text, content: outer }
    findingsExact: [layout-type]
    findings:
      - { code: layout-type, location: /children/0/content, placeholder: "${row}", suggestion: row.row, message: "[object Object]" }
---*/
this.row = "outer"            // global
this.list = [{ row: "inner" }]
