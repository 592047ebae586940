/*---
description: "the inline family as WidgetKit draws it: the first image and the first text, one line in the system font at the inline size, the image at the text's size, with no background, padding or clip shape (a 28 pt bold text and a 64 pt framed picture would not fit the 26 pt strip)"
rules: [D12, D17, V2]
layout: |
  {"type": "hstack", "spacing": 8, "children": [
    {"type": "icon", "content": "tram.fill", "fontSize": 40, "width": 64, "height": 64, "background": "#FF3B30", "cornerRadius": 32},
    {"type": "text", "content": "${left} min to Lyon", "fontSize": 28, "fontWeight": "bold", "color": "#0A60D0", "background": "#FFD60A", "cornerRadius": 8, "padding": 6},
    {"type": "text", "content": "not shown"}
  ]}
render: { layout: true, family: inline, scheme: dark, scale: 3 }
expect:
  status: ok
  layout: { findingsExact: [] }
  widget:
    diagnosticsExact: [render-icon-placeholder, render-ignored]
---*/
const left = 12
