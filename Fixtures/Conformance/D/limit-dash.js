/*---
description: "a dash pattern has at most 20 items: the rest are cut off"
rules: [D8]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [canvas-limit], diagnostics: [{ code: canvas-limit, index: 0, field: dash }] }
---*/
const drawing = [{ op: "line", x1: 0, y1: 50, x2: 100, y2: 50, lineWidth: 6, dash: [...Array.from({ length: 20 }, () => 2), 40, 40] }]
