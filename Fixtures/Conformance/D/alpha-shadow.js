/*---
description: "alpha is the opacity of one command; shadowColor, shadowBlur and shadowX/Y draw its shadow"
rules: [D5]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "rect", x: 10, y: 10, width: 50, height: 50, fill: "#0A59F7" },
  { op: "rect", x: 35, y: 35, width: 50, height: 50, fill: "#FF3B30", stroke: "#162033", lineWidth: 6, alpha: 0.6 },
  { op: "circle", x: 25, y: 78, radius: 12, fill: "#34C759", shadowColor: "#00000088", shadowBlur: 8, shadowX: 0, shadowY: 4 },
]
