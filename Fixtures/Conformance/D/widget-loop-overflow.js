/*---
description: "a loop whose items do not all fit the widget is reported once with how many fit (render-loop-overflow)"
rules: [D15, V3]
layout: |
  {"type": "vstack", "alignment": "leading", "spacing": 2, "children": [
    {"type": "vstack", "alignment": "leading", "spacing": 2, "dataSource": "${events[ev]}", "children": [
      {"type": "text", "content": "${ev}", "fontSize": 20, "lineLimit": 1}
    ]}
  ]}
render: { layout: true, family: small, scale: 1 }
expect:
  status: ok
  layout: { findingsExact: [] }
  widget:
    diagnostics: [render-loop-overflow, { code: render-loop-overflow, message: "of 12 items" }]
---*/
const events = Array.from({ length: 12 }, (_, i) => `Event ${i + 1}`)
