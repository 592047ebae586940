/*---
description: "a layout of 10,000 cells (100 rows of 100; an iOS loop renders every item, A10) is laid out up to 2,000 components, the rest left out with render-limit; nothing crashes"
rules: [D16, A10]
layout: |
  {"type": "vstack", "spacing": 0, "children": [
    {"type": "hstack", "spacing": 0, "dataSource": "${rows[r]}", "children": [
      {"type": "vstack", "spacing": 0, "dataSource": "${r.cells[c]}", "children": [{"type": "shape", "content": "rectangle", "width": 1, "height": 1, "color": "#0A60D0"}]}
    ]}
  ]}
render: { layout: true, family: small, scale: 1 }
expect:
  status: ok
  layout: { findingsExact: [] }
  widget:
    diagnostics: [render-limit]
---*/
const rows = Array.from({ length: 100 }, () => ({ cells: Array.from({ length: 100 }, (_, i) => i) }))
