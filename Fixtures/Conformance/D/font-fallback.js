/*---
description: "a font family that is not installed is drawn with the default family, with canvas-font-fallback; an installed one is used"
rules: [D3]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [canvas-font-fallback], diagnostics: [{ code: canvas-font-fallback, index: 0, field: fontFamily }] }
---*/
const drawing = [
  { op: "text", text: "Fallback", x: 50, y: 30, size: 18, align: "center", baseline: "middle", fontFamily: "No Such Family" },
  { op: "text", text: "Serif", x: 50, y: 70, size: 18, align: "center", baseline: "middle", fontFamily: "DejaVu Serif" },
]
