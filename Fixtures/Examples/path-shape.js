// The Canvas page's filled path: move to (10, 70), a quadratic curve through the control
// point (50, 5) to (90, 70), a line back to (10, 70), close; filled #0A59F7.
//   Scripts/widgethost render Fixtures/Examples/path-shape.js --size 100x100
const drawing = [
  { op: "path", fill: "#0A59F7", segments: [
    { op: "move", x: 10, y: 70 },
    { op: "quadratic", cx: 50, cy: 5, x: 90, y: 70 },
    { op: "line", x: 10, y: 70 },
    { op: "close" },
  ] },
]
