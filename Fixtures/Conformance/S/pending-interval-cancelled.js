/*---
description: an interval that fired while the body slept is cancelled once the body settles; only the ticks before the end happened
rules: [S4, T3]
expect:
  status: ok
  outputs: { ticks: 3, ticksAtEnd: 3 }
  console: ["tick 300", "tick 600", "tick 900"]
  diagnosticsExact: [pending-work-cancelled]
---*/
const _start = Date.now()
let ticks = 0
setInterval(() => {
  ticks++
  console.log("tick", Date.now() - _start)
}, 300)
await sleep(1000)
let ticksAtEnd = ticks
