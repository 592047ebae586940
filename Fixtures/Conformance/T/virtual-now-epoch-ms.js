/*---
description: now given as epoch milliseconds fixes the virtual clock to that instant, milliseconds included
rules: [T1]
now: 1795939200123
expect:
  status: ok
  outputs: { now: 1795939200123, iso: "2026-11-29T08:00:00.123Z", ms: 123 }
  events:
    - { type: setUpdateFreq, at: "2026-11-29T08:00:00.123+00:00" }
---*/
let now = Date.now()
let iso = new Date().toISOString()
let ms = new Date().getMilliseconds()
setUpdateFreq(10)
