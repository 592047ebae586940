/*---
description: "rotate turns later commands by degrees around (x, y)"
rules: [D4]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "rect", x: 50, y: 45, width: 40, height: 10, fill: "#C7CCD6" },
  { op: "rotate", angle: 90, x: 50, y: 50 },
  { op: "rect", x: 50, y: 45, width: 40, height: 10, fill: "#0A59F7" },
  { op: "rotate", angle: 45, x: 50, y: 50 },
  { op: "rect", x: 50, y: 45, width: 40, height: 10, fill: "#FF3B30" },
]
