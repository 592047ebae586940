/*---
description: "line draws from (x1, y1) to (x2, y2), stroked black by default; lineCap butt, round and square"
rules: [D2, D5]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "line", x1: 10, y1: 15, x2: 90, y2: 85 },
  { op: "line", x1: 20, y1: 30, x2: 80, y2: 30, lineWidth: 10, lineCap: "butt", stroke: "#0A59F7" },
  { op: "line", x1: 20, y1: 50, x2: 80, y2: 50, lineWidth: 10, lineCap: "round", stroke: "#0A59F7" },
  { op: "line", x1: 20, y1: 70, x2: 80, y2: 70, lineWidth: 10, lineCap: "square", stroke: "#0A59F7" },
]
