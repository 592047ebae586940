/*---
description: "clear without a size empties the whole virtual canvas; with one, that region"
rules: [D4]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "rect", x: 0, y: 0, width: 100, height: 100, fill: "#FF3B30" },
  { op: "clear" },
  { op: "rect", x: 0, y: 0, width: 100, height: 100, fill: "#0A59F7" },
  { op: "clear", x: 25, y: 25, width: 50, height: 50 },
]
