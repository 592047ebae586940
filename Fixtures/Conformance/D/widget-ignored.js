/*---
description: "an inline widget shows the first image and text on one line; everything else is ignored with one render-ignored note"
rules: [D17]
layout: |
  {"type": "hstack", "children": [
    {"type": "icon", "content": "cloud.rain"},
    {"type": "text", "content": "${summary}"},
    {"type": "text", "content": "never shown"},
    {"type": "shape", "content": "circle"}
  ]}
render: { layout: true, family: inline, scale: 2 }
expect:
  status: ok
  layout: { findingsExact: [] }
  widget:
    diagnosticsExact: [render-icon-placeholder, render-ignored]
---*/
const summary = "Rain at 18:00"
