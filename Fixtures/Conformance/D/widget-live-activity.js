/*---
description: "a Live Activity's Lock Screen presentation is as tall as its content plus its 14 pt margins (at most 160 pt), as ActivityKit sizes it: here a title and a value, so the picture is far shorter than 160 pt"
rules: [D12, V2]
layout: |
  {"type": "zstack", "alignment": "topLeading", "children": [
    {"type": "shape", "content": "rectangle", "color": "transparent"},
    {"type": "vstack", "alignment": "leading", "spacing": 4, "children": [
      {"type": "text", "content": "${title}", "fontSize": 14, "fontWeight": "semibold"},
      {"type": "text", "content": "${left} min", "fontSize": 28, "fontWeight": "bold"}
    ]}
  ]}
render: { layout: true, family: live-activity, scheme: light, scale: 2 }
expect:
  status: ok
  layout: { findingsExact: [] }
  widget: { diagnosticsExact: [] }
---*/
const title = "Train to Lyon", left = 12
