/*---
description: "a canvas draws at most 100 commands: the rest are cut off with canvas-limit at index 100"
rules: [D8, V1]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { given: 150, drawn: 100, diagnosticsExact: [canvas-limit], diagnostics: [{ code: canvas-limit, index: 100 }] }
---*/
const drawing = Array.from({ length: 150 }, (_, i) => ({ op: "rect", x: (i % 15) * 6 + 5, y: Math.floor(i / 15) * 9 + 5, width: 5, height: 8, fill: i < 100 ? "#0A59F7" : "#FF3B30" }))
