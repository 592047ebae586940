/*---
description: "linear and radial gradients with stops, in the command's coordinates, on fills and strokes"
rules: [D6, V1]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const stops = [{ offset: 0, color: "#4FACFE" }, { offset: 1, color: "#0A59F7" }]
const drawing = [
  { op: "rect", x: 5, y: 5, width: 90, height: 40, radius: 8, fill: { type: "linear", x0: 5, y0: 0, x1: 95, y1: 0, stops } },
  { op: "circle", x: 30, y: 72, radius: 22, fill: { type: "radial", x0: 30, y0: 72, r0: 0, x1: 30, y1: 72, r1: 22, stops: [{ offset: 0, color: "#FFFFFF" }, { offset: 1, color: "#FF3B30" }] } },
  { op: "arc", x: 75, y: 72, radius: 18, start: -90, end: 180, lineWidth: 6, lineCap: "round", stroke: { type: "linear", x0: 57, y0: 54, x1: 93, y1: 90, stops } },
]
