/*---
description: "path draws move, line, quadratic, bezier, arc and close segments (the documentation's quadratic shape among them)"
rules: [D2]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "path", fill: "#0A59F7", segments: [
    { op: "move", x: 10, y: 70 }, { op: "quadratic", cx: 50, cy: 5, x: 90, y: 70 }, { op: "line", x: 10, y: 70 }, { op: "close" }] },
  { op: "path", stroke: "#FF3B30", lineWidth: 3, fill: "none", segments: [
    { op: "move", x: 10, y: 95 }, { op: "bezier", cx1: 30, cy1: 70, cx2: 70, cy2: 120, x: 90, y: 80 },
    { op: "arc", x: 80, y: 88, radius: 8, start: -90, end: 90 }, { op: "close" }] },
]
