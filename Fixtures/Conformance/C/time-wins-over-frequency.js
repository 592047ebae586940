/*---
description: when a run sets both, the update time decides the next refresh (one-shot) while the frequency stays recorded as in force
rules: [C4, C2, R1]
expect:
  status: ok
  events:
    - { type: setUpdateFreq, args: [30], valid: true }
    - { type: setUpdateTime, valid: true }
  nextRefresh: { reason: updateTime, frequencyMinutes: 30, requested: "2026-11-29T10:00:00.000+00:00" }
  diagnosticsExact: []
---*/
setUpdateFreq(30)
setUpdateTime(Date.now() + 2 * 60 * 60 * 1000)
