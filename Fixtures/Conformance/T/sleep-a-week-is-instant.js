/*---
description: even a week of timers is jumped over at once, with a 0.5 s real limit; setTimeout and sleep share one clock
rules: [T3]
limits: { timeout: 0.5 }
expect:
  status: ok
  outputs: { day: "2026-12-06", order: ["timer 3 days", "timer 5 days"] }
---*/
const _day = 24 * 60 * 60 * 1000
let order = []
setTimeout(() => order.push("timer 5 days"), 5 * _day)
setTimeout(() => order.push("timer 3 days"), 3 * _day)
await sleep(7 * _day)
let day = new Date().toISOString().slice(0, 10)
