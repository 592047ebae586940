/*---
description: "scale takes value for both axes or scaleX and scaleY, around (x, y)"
rules: [D4]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "save" }, { op: "scale", value: 2, x: 25, y: 25 }, { op: "circle", x: 25, y: 25, radius: 10, fill: "#0A59F7" }, { op: "restore" },
  { op: "scale", scaleX: 3, scaleY: 0.5, x: 0, y: 100 }, { op: "rect", x: 5, y: 20, width: 20, height: 60, fill: "#FF3B30" },
]
