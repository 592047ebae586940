/*---
description: "dash and dashOffset pattern a stroke; an odd list repeats"
rules: [D5]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "line", x1: 10, y1: 20, x2: 90, y2: 20, lineWidth: 4, dash: [10, 5] },
  { op: "line", x1: 10, y1: 40, x2: 90, y2: 40, lineWidth: 4, dash: [10, 5], dashOffset: 5 },
  { op: "line", x1: 10, y1: 60, x2: 90, y2: 60, lineWidth: 4, dash: [8] },
  { op: "circle", x: 50, y: 82, radius: 12, fill: "none", stroke: "#0A59F7", lineWidth: 3, dash: [6, 4], lineCap: "round" },
]
