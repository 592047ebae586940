/*---
description: "a component larger than its fixed frame, and a layout taller than the widget's content area, are cut off with render-overflow"
rules: [D14, V3]
layout: |
  {"type": "vstack", "spacing": 0, "children": [
    {"type": "zstack", "width": 40, "height": 40, "background": "#E5E5EA", "children": [{"type": "shape", "content": "rectangle", "width": 80, "height": 20, "color": "#FF3B30"}]},
    {"type": "shape", "content": "rectangle", "width": 100, "height": 200, "color": "#0A60D0"}
  ]}
render: { layout: true, family: small, scale: 1 }
expect:
  status: ok
  layout: { findingsExact: [] }
  widget:
    diagnosticsExact: [render-overflow, render-overflow, render-overflow]
    diagnostics: [{ code: render-overflow, path: "root.children[0]", message: "frame is 40x40" }, { code: render-overflow, path: "root.children[0].children[0]" }, { code: render-overflow, path: "root", message: "cut off" }]
---*/
