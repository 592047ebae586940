/*---
description: "rect fills its area, roundRect and a rect with radius cut their corners; with neither fill nor stroke a shape is filled black"
rules: [D2, D5, V1]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "rect", x: 10, y: 10, width: 35, height: 35, fill: "#FF3B30" },
  { op: "roundRect", x: 55, y: 10, width: 35, height: 35, radius: 10, fill: "#34C759" },
  { op: "rect", x: 10, y: 55, width: 35, height: 35, radius: 17.5, fill: "#0A59F7", stroke: "#162033", lineWidth: 3 },
  { op: "rect", x: 55, y: 55, width: 35, height: 35 },
]
