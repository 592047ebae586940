/*---
description: a date string, null, undefined, NaN, Infinity, a boolean and an object are ignored with invalid-argument
rules: [C3, C8]
expect:
  status: ok
  events:
    - { type: setUpdateTime, args: ["2026-11-29T10:00:00Z"], valid: false }
    - { type: setUpdateTime, args: [null], valid: false }
    - { type: setUpdateTime, args: [], valid: false }
    - { type: setUpdateTime, valid: false }
    - { type: setUpdateTime, valid: false }
    - { type: setUpdateTime, args: [true], valid: false }
    - { type: setUpdateTime, valid: false }
  diagnosticsExact: [invalid-argument, invalid-argument, invalid-argument, invalid-argument, invalid-argument, invalid-argument, invalid-argument]
  nextRefresh: { reason: default }
---*/
setUpdateTime("2026-11-29T10:00:00Z")
setUpdateTime(null)
setUpdateTime()
setUpdateTime(NaN)
setUpdateTime(Infinity)
setUpdateTime(true)
setUpdateTime({ time: Date.now() + 3600000 })
