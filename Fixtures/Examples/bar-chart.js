// A bar chart of a week's steps, fetched from an API and drawn as Canvas commands on a
// 160 × 100 coordinate space: one bar per day scaled to the week's highest, today's
// highlighted, a label over each bar and the days under them. Light and dark colours.
//
//   Scripts/widgethost render Fixtures/Examples/bar-chart.js --fixtures Fixtures/Examples/bar-chart.fixtures.json --size 160x100
//
// --fixtures replays the answer in bar-chart.fixtures.json, so nothing leaves the machine.

const week = await new Request("https://api.example.com/steps/week").fetchJSON()
const days = week.days.slice(-7)
const highest = Math.max(1, ...days.map(day => day.steps))
const barWidth = 14, gap = 8, left = 8, bottom = 84, tallest = 60

const drawing = [
  { op: "line", x1: left - 2, y1: bottom + 0.5, x2: 160 - left + 2, y2: bottom + 0.5, stroke: { light: "#C7CCD6", dark: "#3A4560" }, lineWidth: 1 },
  ...days.flatMap((day, i) => {
    const height = Math.round(tallest * day.steps / highest)
    const x = left + i * (barWidth + gap) + 4
    const today = i === days.length - 1
    return [
      { op: "roundRect", x, y: bottom - height, width: barWidth, height, radius: 4,
        fill: today ? { type: "linear", x0: 0, y0: bottom - height, x1: 0, y1: bottom, stops: [{ offset: 0, color: "#4FACFE" }, { offset: 1, color: "#0A59F7" }] }
                    : { light: "#B9C8E8", dark: "#2B3C63" } },
      { op: "text", text: `${Math.round(day.steps / 100) / 10}k`, x: x + barWidth / 2, y: bottom - height - 3, size: 7,
        align: "center", baseline: "bottom", fill: { light: "#5B6478", dark: "#A9B3C9" } },
      { op: "text", text: day.label, x: x + barWidth / 2, y: bottom + 4, size: 8, weight: today ? "700" : "normal",
        align: "center", baseline: "top", fill: { light: "#162033", dark: "#F7FAFF" } },
    ]
  }),
]
const total = days.reduce((sum, day) => sum + day.steps, 0)
