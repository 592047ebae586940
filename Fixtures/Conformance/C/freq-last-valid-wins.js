/*---
description: several calls in one run - the last valid frequency is in force; later invalid calls do not undo it
rules: [C5, C2, C1]
expect:
  status: ok
  events:
    - { type: setUpdateFreq, args: [10], valid: true }
    - { type: setUpdateFreq, args: [20], valid: true }
    - { type: setUpdateFreq, args: ["x"], valid: false }
    - { type: setUpdateFreq, args: [-1], valid: false }
  diagnosticsExact: [invalid-argument, invalid-argument]
  nextRefresh: { reason: frequency, frequencyMinutes: 20, requested: "2026-11-29T08:20:00.000+00:00" }
---*/
setUpdateFreq(10)
setUpdateFreq(20)
setUpdateFreq("x")
setUpdateFreq(-1)
