/*---
description: "scale 3 draws three device pixels per point, the same picture sharper"
rules: [D7]
render: { size: 40x40, scale: 3 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [{ op: "circle", x: 20, y: 20, radius: 15, fill: "#0A59F7" }, { op: "text", text: "3×", x: 20, y: 20, size: 12, weight: "700", align: "center", baseline: "middle", fill: "#FFFFFF" }]
