/*---
description: "text: size, weight, fontStyle, align and baseline place it; stroke is drawn first, then fill; Chinese and emoji are shaped with fallback fonts"
rules: [D3, V1]
render: { size: 120x120 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "text", text: "AWidget", x: 60, y: 24, size: 22, weight: "700", stroke: "#0A59F7", lineWidth: 2, fill: "#FFFFFF", align: "center", baseline: "middle" },
  { op: "text", text: "left", x: 4, y: 55, size: 14 },
  { op: "text", text: "right", x: 116, y: 55, size: 14, align: "right", fontStyle: "italic", fill: "#FF3B30" },
  { op: "text", text: "天气 晴 ☀️ 23°", x: 60, y: 80, size: 16, align: "center", baseline: "middle", fill: "#162033" },
  { op: "text", text: "a long line narrowed to fit", x: 60, y: 112, size: 12, align: "center", maxWidth: 80, fill: "#34C759" },
]
