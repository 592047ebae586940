/*---
description: "commands draw first to last: a later command covers an earlier one"
rules: [D1]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "circle", x: 40, y: 40, radius: 30, fill: "#0A59F7" },
  { op: "circle", x: 60, y: 60, radius: 30, fill: "#FF9500" },
]
