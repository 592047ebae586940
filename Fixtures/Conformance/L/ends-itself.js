/*---
description: a Live Activity that calls endLiveActivity() at 14:00 ends then, runs no more, and is dismissed 4 hours later
rules: [L1, L3, C6]
kind: live
now: 2026-11-29T12:00:00Z
simulate: { hours: 10 }
expect:
  timeline:
    liveActivities:
      - { ended: "2026-11-29T14:00:00.000+00:00", ending: script, dismissed: "2026-11-29T18:00:00.000+00:00", state: dismissed }
---*/
setUpdateFreq(60)
if (new Date().getUTCHours() >= 14) endLiveActivity()
