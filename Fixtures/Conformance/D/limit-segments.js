/*---
description: "a path takes at most 200 segments: the rest are cut off"
rules: [D8]
render: { size: 150x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [canvas-limit], diagnostics: [{ code: canvas-limit, index: 0, field: segments }] }
---*/
const drawing = [{ op: "path", stroke: "#0A59F7", lineWidth: 2, segments: [{ op: "move", x: 0, y: 50 }, ...Array.from({ length: 299 }, (_, i) => ({ op: "line", x: (i + 1) / 2, y: 50 + 40 * Math.cos(i / 10) }))] }]
