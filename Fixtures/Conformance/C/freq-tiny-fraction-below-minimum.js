/*---
description: a tiny positive fraction is still greater than 0, so it is accepted and clamped to 5 minutes rather than rejected
rules: [C1]
expect:
  status: ok
  events:
    - { type: setUpdateFreq, args: [0.001], valid: true }
  diagnosticsExact: [freq-below-minimum]
  nextRefresh: { reason: frequency, requested: "2026-11-29T08:05:00.000+00:00" }
---*/
setUpdateFreq(0.001)
