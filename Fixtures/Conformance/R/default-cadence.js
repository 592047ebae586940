/*---
description: a script that asks for nothing is paced at 1440/55 minutes, about 55 refreshes a day
rules: [R1, R2]
now: 2026-11-29T00:00:00Z
simulate: { hours: 24 }
expect:
  nextRefresh: { reason: default, requested: "2026-11-29T00:26:11.000+00:00" }
  timeline: { refreshCount: 55, delayedCount: 0 }
---*/
let quiet = true
