/*---
description: "arc takes degrees clockwise from 3 o'clock, counterClockwise reverses it, close adds the chord; an open arc is stroked by default"
rules: [D2]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnosticsExact: [] }
---*/
const drawing = [
  { op: "arc", x: 30, y: 30, radius: 20, start: 0, end: 90, stroke: "#0A59F7", lineWidth: 4 },
  { op: "arc", x: 70, y: 30, radius: 20, start: 0, end: 90, counterClockwise: true, stroke: "#FF3B30", lineWidth: 4 },
  { op: "arc", x: 30, y: 70, radius: 20, start: 180, end: 360, close: true, fill: "#34C759" },
  { op: "arc", x: 70, y: 70, radius: 20, start: -90, end: 180, lineWidth: 3 },
]
