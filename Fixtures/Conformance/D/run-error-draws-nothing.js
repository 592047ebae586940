/*---
description: "a run that does not end ok draws nothing"
rules: [D11]
render: { size: 100x100 }
expect:
  status: error
  canvas: { drawn: 0 }
---*/
const drawing = [{ op: "circle", x: 50, y: 50, radius: 40 }]
throw new Error("no data")
