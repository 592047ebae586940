// The Canvas page's polyline chart: five points on a 100 × 100 coordinate space, stroked
// #0A59F7, 4 wide, with round caps and joins.
//   Scripts/widgethost render Fixtures/Examples/polyline-chart.js --size 100x100
const points = [[8, 72], [28, 42], [52, 58], [76, 20], [96, 36]]
const drawing = [
  { op: "polyline", points, stroke: "#0A59F7", lineWidth: 4, lineCap: "round", lineJoin: "round" },
]
