/*---
description: "composite copy replaces everything inside the clip with the command's own picture"
rules: [D5]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "rect", x: 0, y: 0, width: 100, height: 100, fill: "#0A59F7" },
  { op: "clipRect", x: 0, y: 0, width: 100, height: 50 },
  { op: "circle", x: 50, y: 50, radius: 30, fill: "#FF9500", composite: "copy" },
]
