/*---
description: a Live Activity that never ends itself expires 8 hours after it started and is dismissed 4 hours later
rules: [L1, L2, L3]
kind: live
now: 2026-11-29T12:00:00Z
simulate: { hours: 13 }
expect:
  liveActivity: { state: active }
  timeline:
    liveActivities:
      - { started: "2026-11-29T12:00:00.000+00:00", ended: "2026-11-29T20:00:00.000+00:00", ending: expired, dismissed: "2026-11-30T00:00:00.000+00:00", activeMs: 28800000 }
---*/
let minute = new Date().getMinutes()
setUpdateFreq(30)
