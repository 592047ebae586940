/*---
description: "a gradient uses at most 16 stops: the rest are cut off"
rules: [D8]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [canvas-limit], diagnostics: [{ code: canvas-limit, index: 0, field: fill.stops }] }
---*/
const colors = ["#FF3B30", "#0A59F7"]
const drawing = [{ op: "rect", x: 0, y: 0, width: 100, height: 100, fill: { type: "linear", x0: 0, y0: 0, x1: 100, y1: 0,
  stops: Array.from({ length: 20 }, (_, i) => ({ offset: i / 19, color: colors[i % 2] })) } }]
