/*---
description: "the same kind of layout dark at a circular accessory family, drawn monochrome as the Lock Screen tints it, at 2x on another device"
rules: [D12, V2]
layout: |
  {"type": "vstack", "spacing": 0, "children": [
    {"type": "text", "content": "${temp}°", "fontSize": 22, "fontWeight": "bold", "color": {"light": "#0A60D0", "dark": "#64A8FF"}},
    {"type": "text", "content": "${where}", "fontSize": 10}
  ]}
render: { layout: true, family: circular, scheme: dark, scale: 2, device: iphone-se }
expect:
  status: ok
  layout: { findingsExact: [] }
  widget: { diagnosticsExact: [] }
---*/
const temp = 7, where = "BER"
