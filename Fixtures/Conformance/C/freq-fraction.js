/*---
description: a fractional frequency is valid and the next refresh is that many minutes (to the millisecond) after the run
rules: [C1, C2]
expect:
  status: ok
  events:
    - { type: setUpdateFreq, args: [7.5], valid: true, at: "2026-11-29T08:00:00.000+00:00" }
  nextRefresh: { reason: frequency, frequencyMinutes: 7.5, requested: "2026-11-29T08:07:30.000+00:00" }
  diagnosticsExact: []
---*/
setUpdateFreq(7.5)
