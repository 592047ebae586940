/*---
description: setUpdateFreq(30) asks for a refresh 30 minutes after the run
rules: [C1, R1]
expect:
  status: ok
  events:
    - { type: setUpdateFreq, args: [30], valid: true, at: "2026-11-29T08:00:00.000+00:00" }
  nextRefresh: { reason: frequency, requested: "2026-11-29T08:30:00.000+00:00" }
  diagnosticsExact: []
---*/
setUpdateFreq(30)
