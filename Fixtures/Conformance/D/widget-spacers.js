/*---
description: "stacks size spacers last (layout priority −∞): a text between two spacers is offered the row less their minimum lengths, and a caption beside a spacer keeps its text while the spacer takes what is left"
rules: [D20]
layout: |
  {"type": "vstack", "spacing": 6, "children": [
    {"type": "hstack", "children": [
      {"type": "spacer"}, {"type": "text", "content": "${title}", "fontSize": 13}, {"type": "spacer"}]},
    {"type": "hstack", "children": [
      {"type": "text", "content": "Now", "fontSize": 13, "fontWeight": "semibold", "color": "#0A60D0"},
      {"type": "spacer"},
      {"type": "text", "content": "${caption}", "fontSize": 13, "lineLimit": 1, "color": "#6E6E73"}]},
    {"type": "hstack", "spacing": 0, "children": [
      {"type": "shape", "content": "capsule", "width": 30, "height": 6, "color": "#34C759"},
      {"type": "spacer"},
      {"type": "shape", "content": "capsule", "width": 30, "height": 6, "color": "#FF9500"}]}
  ]}
render: { layout: true, family: small, scheme: light, scale: 2 }
expect:
  status: ok
  layout: { findingsExact: [] }
  widget: { diagnosticsExact: [] }
---*/
const title = "centred by two spacers", caption = "in 5 min"
