/*---
description: after 1,000 control calls the rest are counted with events-truncated, not kept, yet they still take effect (the last valid frequency wins)
rules: [C5, C1, C2]
expect:
  status: ok
  diagnosticsExact: [invalid-argument, events-truncated]
  nextRefresh: { reason: frequency, frequencyMinutes: 20, requested: "2026-11-29T08:20:00.000+00:00" }
---*/
for (let i = 0; i < 1000; i++) setUpdateFreq(10)
setUpdateFreq(20)
setUpdateTime("bad")
