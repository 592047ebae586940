/*---
description: "a layout of 10,000 children is laid out up to 2,000 components, the rest left out with render-limit; nothing crashes"
rules: [D16]
layout: |
  {"type": "vstack", "spacing": 0, "children": [
    {"type": "hstack", "spacing": 0, "dataSource": "${cells[c]}", "children": [{"type": "shape", "content": "rectangle", "width": 1, "height": 1, "color": "#0A60D0"}]}
  ]}
render: { layout: true, family: small, scale: 1 }
expect:
  status: ok
  widget:
    diagnostics: [render-limit]
---*/
const cells = Array.from({ length: 10000 }, (_, i) => i)
