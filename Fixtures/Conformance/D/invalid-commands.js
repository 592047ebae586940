/*---
description: "unknown ops, commands that are not objects and wrong geometry are skipped; wrong style fields take their defaults; each is named by index and field"
rules: [D9, V1]
render: { size: 100x100 }
expect:
  status: ok
  canvas:
    given: 9
    drawn: 2
    diagnostics:
      - { code: canvas-invalid-command, index: 0 }
      - { code: canvas-invalid-command, index: 1, field: op }
      - { code: canvas-invalid-command, index: 2, field: op }
      - { code: canvas-invalid-command, index: 3, field: x }
      - { code: canvas-invalid-command, index: 4, field: x }
      - { code: canvas-invalid-command, index: 5, field: radius }
      - { code: canvas-invalid-command, index: 6, field: fill }
      - { code: canvas-invalid-command, index: 6, field: lineWidth }
      - { code: canvas-invalid-command, index: 6, field: alpha }
      - { code: canvas-invalid-command, index: 6, field: dash }
      - { code: canvas-invalid-command, index: 7 }
      - { code: canvas-unknown-field, index: 8, field: colour }
---*/
const drawing = [
  "circle", { op: "hexagon" }, { x: 1 },
  { op: "rect", x: "wide", y: 0, width: 10, height: 10 },
  { op: "rect", x: 1e9, y: 0, width: 10, height: 10 },
  { op: "circle", x: 50, y: 50 },
  { op: "rect", x: 10, y: 10, width: 80, height: 80, fill: "blue", stroke: "#0A59F7", lineWidth: -3, alpha: 2, dash: "dotted" },
  { op: "restore" },
  { op: "rect", x: 30, y: 30, width: 40, height: 40, fill: "#34C759", colour: "#FF0000" },
]
