/*---
description: "the same commands, size, scale, appearance and fonts give the same PNG bytes: the golden matches with no tolerance"
rules: [D10, V4]
render: { size: 100x100, scale: 2, tolerance: 0 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "circle", x: 50, y: 50, radius: 40, fill: "#0A59F7" },
  { op: "text", text: "75%", x: 50, y: 50, size: 18, fill: "#FFFFFF", align: "center", baseline: "middle" },
]
