/*---
description: realistic mode delays grants by a seeded 0-10 minutes; delivery is late, never early
rules: [R3, T4]
now: 2026-11-29T00:00:00Z
seed: 11
simulate: { hours: 6, realistic: true }
expect:
  timeline: { refreshCount: 6 }
---*/
setUpdateFreq(60)
