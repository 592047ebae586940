/*---
description: "clipCircle limits later commands to a circle"
rules: [D4]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "clipCircle", x: 50, y: 50, radius: 35 },
  { op: "rect", x: 0, y: 0, width: 50, height: 100, fill: "#0A59F7" },
  { op: "rect", x: 50, y: 0, width: 50, height: 100, fill: "#FF9500" },
]
