/*---
description: "{light, dark} colours take their dark member in the dark appearance"
rules: [D6]
render: { size: 100x100, scheme: dark }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "rect", x: 0, y: 0, width: 100, height: 100, fill: { light: "#FFFFFF", dark: "#162033" } },
  { op: "rect", x: 10, y: 10, width: 20, height: 20, fill: "#F00" },
  { op: "rect", x: 40, y: 10, width: 20, height: 20, fill: "#F008" },
  { op: "rect", x: 70, y: 10, width: 20, height: 20, fill: "#0A59F7" },
  { op: "rect", x: 10, y: 40, width: 20, height: 20, fill: "#0A59F780" },
  { op: "text", text: "Aa", x: 50, y: 80, size: 24, weight: "bold", align: "center", baseline: "middle", fill: { light: "#162033", dark: "#F7FAFF" } },
]
