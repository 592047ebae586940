/*---
description: "a blue rounded block with white labels in the rectangular family: drawn in the Lock Screen's vibrant look, each ink white at its luminance, so the block is a mid grey and the labels stay white on it (white at each colour's alpha would make it one white block)"
rules: [D12, V2]
layout: |
  {"type": "zstack", "children": [
    {"type": "shape", "content": "roundedrectangle", "cornerRadius": 12, "color": "#007AFF"},
    {"type": "vstack", "padding": 6, "spacing": 0, "children": [
      {"type": "hstack", "children": [{"type": "text", "content": "TL", "fontSize": 16, "fontWeight": "bold", "color": "#FFFFFF"}, {"type": "spacer"}]},
      {"type": "spacer"},
      {"type": "hstack", "children": [{"type": "spacer"}, {"type": "text", "content": "BR", "fontSize": 16, "fontWeight": "bold", "color": "#FFFFFF"}]}
    ]}
  ]}
render: { layout: true, family: rectangular, scheme: light, scale: 2 }
expect:
  status: ok
  layout: { findingsExact: [] }
  widget: { diagnosticsExact: [] }
---*/
const shown = true
