/*---
description: "a canvas layout's coordinate space with fit keeps the aspect and centres it (100 × 100 shown at 200 × 100)"
rules: [D7]
layout: |
  {"type": "canvas", "width": 200, "height": 100, "coordinateWidth": "${size}", "coordinateHeight": "${size}", "scalingMode": "fit",
   "content": [{"op": "rect", "x": 0, "y": 0, "width": 100, "height": 100, "fill": "#0A59F7"}, {"op": "circle", "x": 50, "y": 50, "radius": 30, "fill": "#FFFFFF"}]}
render: { layout: true }
expect:
  status: ok
  layout: { findingsExact: [] }
  canvas: { diagnosticsExact: [] }
---*/
const size = 100
