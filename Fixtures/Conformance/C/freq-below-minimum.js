/*---
description: a frequency below 5 minutes is accepted but 5 minutes is in force, with freq-below-minimum
rules: [C1, C2]
expect:
  status: ok
  events:
    - { type: setUpdateFreq, args: [2], valid: true }
  diagnosticsExact: [freq-below-minimum]
  nextRefresh: { reason: frequency, requested: "2026-11-29T08:05:00.000+00:00" }
---*/
setUpdateFreq(2)
