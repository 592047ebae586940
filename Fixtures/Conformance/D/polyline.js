/*---
description: "polyline takes [x, y] and {x, y} points; open it is stroked, with close it is a polygon; lineJoin miter, round, bevel"
rules: [D2, D5]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "polyline", points: [[8, 42], [28, 12], { x: 52, y: 28 }, [76, 8], [96, 20]], stroke: "#0A59F7", lineWidth: 4, lineJoin: "round", lineCap: "round" },
  { op: "polyline", points: [[10, 90], [25, 55], [40, 90]], stroke: "#162033", lineWidth: 6, lineJoin: "miter" },
  { op: "polyline", points: [[45, 90], [60, 55], [75, 90]], stroke: "#162033", lineWidth: 6, lineJoin: "bevel", miterLimit: 2 },
  { op: "polyline", points: [[80, 60], [95, 60], [95, 90], [80, 90]], close: true, fill: "#FF9500" },
]
