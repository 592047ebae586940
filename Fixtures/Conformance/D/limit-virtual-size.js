/*---
description: "the virtual width or height is at most 4000: a larger coordinate space is cut to 4000"
rules: [D8, D7]
layout: |
  {"type": "canvas", "width": 100, "height": 100, "coordinateWidth": "${wide}", "coordinateHeight": 4000,
   "content": [{"op": "rect", "x": 0, "y": 0, "width": 4000, "height": 4000, "fill": "#0A59F7"}, {"op": "rect", "x": 4000, "y": 0, "width": 4000, "height": 4000, "fill": "#FF3B30"}]}
render: { layout: true }
expect:
  status: ok
  layout: { findingsExact: [] }
  canvas: { diagnosticsExact: [canvas-limit], diagnostics: [{ code: canvas-limit, field: coordinateWidth }] }
---*/
const wide = 8000
