/*---
description: "a font size of 1e9 is clamped to 500, a width that is not a number is ignored, an unknown type is left out (render-invalid-value, render-unknown-component); nothing crashes"
rules: [D16]
layout: |
  {"type": "vstack", "children": [
    {"type": "text", "content": "Big", "fontSize": "${huge}", "lineLimit": 1},
    {"type": "shape", "content": "circle", "width": "wide", "color": "#34C759"},
    {"type": "hologram", "content": "?"}
  ]}
render: { layout: true, family: medium, scale: 1 }
expect:
  status: ok
  layout: { findingsExact: [layout-component] }
  widget:
    diagnostics: [render-invalid-value, render-unknown-component, { code: render-invalid-value, field: /children/0/fontSize }]
---*/
const huge = 1e9
