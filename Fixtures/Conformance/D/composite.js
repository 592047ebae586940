/*---
description: "composite blends a command: source-over, multiply, screen, overlay, darken, lighten, destination-out, copy; an unknown mode is source-over with a diagnostic"
rules: [D5]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnostics: [{ code: canvas-invalid-command, index: 15, field: composite }] }
---*/
const modes = ["source-over", "multiply", "screen", "overlay", "darken", "lighten", "destination-out", "sepia"]
const drawing = modes.flatMap((mode, i) => {
  const x = (i % 4) * 25, y = Math.floor(i / 4) * 50
  return [
    { op: "rect", x: x + 2, y: y + 2, width: 16, height: 30, fill: "#0A59F7" },
    { op: "circle", x: x + 16, y: y + 30, radius: 8, fill: "#FF9500", composite: mode },
  ]
})
