/*---
description: an async function called without await that throws later gives unhandled-rejection; the body still completes ok
rules: [S5, T3]
expect:
  status: ok
  outputs: { a: 1, b: 2 }
  diagnosticsExact: [unhandled-rejection]
---*/
let a = 1
async function background() {
  await sleep(10)
  throw new Error("late")
}
background()
await sleep(100)
let b = 2
