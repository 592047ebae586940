/*---
description: "translate moves later commands; restore brings back the transform saved"
rules: [D4]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const square = { op: "rect", x: 5, y: 5, width: 20, height: 20, fill: "#0A59F7" }
const drawing = [
  square,
  { op: "save" }, { op: "translate", x: 35, y: 35 }, { ...square, fill: "#FF3B30" },
  { op: "translate", x: 35, y: 35 }, { ...square, fill: "#34C759" }, { op: "restore" },
  { ...square, x: 70, fill: "#FF9500" },
]
