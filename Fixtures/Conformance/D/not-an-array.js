/*---
description: "a canvas output that is not an array draws nothing, with an error"
rules: [D1, D9]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { drawn: 0, diagnostics: [{ code: canvas-invalid-command, severity: error, message: "JSON.stringify" }] }
---*/
const drawing = JSON.stringify([{ op: "circle", x: 50, y: 50, radius: 40 }])
