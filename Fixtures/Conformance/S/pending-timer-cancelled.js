/*---
description: a timer still pending when the body settles is cancelled (its callback never runs and the clock does not jump to it) with pending-work-cancelled
rules: [S4, T3]
expect:
  status: ok
  outputs: { ran: false }
  console: []
  events:
    - { type: setUpdateFreq, args: [30], valid: true, at: "2026-11-29T08:00:00.000+00:00" }
  diagnosticsExact: [pending-work-cancelled]
  nextRefresh: { reason: frequency, requested: "2026-11-29T08:30:00.000+00:00" }
---*/
let ran = false
setUpdateFreq(30)
setTimeout(() => {
  ran = true
  console.log("late callback")
  setUpdateFreq(10)
}, 60000)
