// The Canvas component's own first picture: a 75 % progress ring with a gradient, on a
// 120 × 120 coordinate space. Bind `${drawing}` as the canvas's drawing commands.
//   widgethost render Fixtures/Examples/progress-ring.js --size 120x120
const progress = 0.75
const end = -90 + 360 * progress
const drawing = [
  { op: "circle", x: 60, y: 60, radius: 48, fill: "none", stroke: { light: "#E6EBF2", dark: "#26314A" }, lineWidth: 12 },
  { op: "arc", x: 60, y: 60, radius: 48, start: -90, end, lineWidth: 12, lineCap: "round",
    stroke: { type: "linear", x0: 12, y0: 12, x1: 108, y1: 108,
              stops: [{ offset: 0, color: "#4FACFE" }, { offset: 1, color: "#0A59F7" }] } },
  { op: "text", text: `${Math.round(progress * 100)}%`, x: 60, y: 60, size: 22, weight: "700",
    align: "center", baseline: "middle", fill: { light: "#162033", dark: "#F7FAFF" } },
]
