/*---
description: "circle is centred on x, y; fill and stroke both paint, the stroke over the fill"
rules: [D2, D5]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "circle", x: 50, y: 50, radius: 40, fill: "#0A59F7", stroke: "#162033", lineWidth: 6 },
  { op: "circle", x: 50, y: 50, radius: 15, fill: "#FFFFFF" },
]
