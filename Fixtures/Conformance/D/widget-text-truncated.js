/*---
description: "text that does not fit even at its minimum scale factor is cut with … and render-text-truncated names the field and the family"
rules: [D13, V3]
layout: |
  {"type": "vstack", "children": [{"type": "text", "content": "${headline}", "fontSize": 17, "lineLimit": 1}]}
render: { layout: true, family: small, scale: 1 }
expect:
  status: ok
  layout: { findingsExact: [] }
  widget:
    diagnosticsExact: [render-text-truncated]
    diagnostics: [{ code: render-text-truncated, path: "root.children[0]", field: /children/0/content, message: small widget }]
---*/
const headline = "Heavy rain expected across the whole region tonight"
