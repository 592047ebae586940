/*---
description: "a polyline takes at most 200 points: the rest are cut off"
rules: [D8]
render: { size: 150x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [canvas-limit], diagnostics: [{ code: canvas-limit, index: 0, field: points }] }
---*/
const drawing = [{ op: "polyline", points: Array.from({ length: 300 }, (_, i) => [i / 2, 50 + 40 * Math.sin(i / 10)]), stroke: "#0A59F7", lineWidth: 2 }]
