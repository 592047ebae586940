/*---
description: an activity ended by endLiveActivity() stays ended even when the run then hits its time limit
rules: [C6, S6]
kind: live
limits: { timeout: 0.3 }
expect:
  status: timeout
  diagnosticsExact: [time-limit]
  liveActivity: { state: ended, endedAt: "2026-11-29T08:00:00.000+00:00" }
---*/
endLiveActivity()
while (true) {}
