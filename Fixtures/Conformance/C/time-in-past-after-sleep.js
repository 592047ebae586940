/*---
description: the now used for time-in-past is the virtual time of the call, so a time computed before a sleep can be past by the time it is set
rules: [C3, T3, C5]
expect:
  status: ok
  events:
    - { type: setUpdateTime, args: [1795939260000], valid: false, at: "2026-11-29T08:02:00.000+00:00" }
  diagnosticsExact: [time-in-past]
---*/
const _target = Date.now() + 60 * 1000
await sleep(2 * 60 * 1000)
setUpdateTime(_target)
