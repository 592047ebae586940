/*---
description: "clipRect, also rounded with radius, limits every later command until restore"
rules: [D4]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "save" }, { op: "clipRect", x: 10, y: 10, width: 80, height: 35, radius: 12 },
  { op: "rect", x: 0, y: 0, width: 100, height: 100, fill: "#0A59F7" }, { op: "restore" },
  { op: "clipRect", x: 0, y: 55, width: 50, height: 45 },
  { op: "circle", x: 50, y: 77, radius: 20, fill: "#FF3B30" },
]
