/*---
description: "a layout drawn as a small widget at its real size (158 × 158 pt on the reference iPhone), light: the system background, its rounded outline, text and a shape"
rules: [D12, V2, V4]
layout: |
  {"type": "vstack", "alignment": "leading", "spacing": 4, "children": [
    {"type": "text", "content": "${title}", "fontSize": 15, "fontWeight": "semibold", "color": "#0A60D0"},
    {"type": "text", "content": "${temp}°", "fontSize": 40},
    {"type": "spacer"},
    {"type": "shape", "content": "capsule", "width": 40, "height": 6, "color": "#34C759"}
  ]}
render: { layout: true, family: small, scheme: light, scale: 1 }
expect:
  status: ok
  layout: { findingsExact: [] }
  widget: { diagnosticsExact: [] }
---*/
const title = "Berlin", temp = 7
