/*---
description: the strict budget grants at most 40 refreshes in any 24 hours
rules: [R2, R6]
now: 2026-11-29T00:00:00Z
simulate: { hours: 24, budget: strict }
expect:
  timeline: { refreshCount: 40, maxChargedIn24h: 40, budgetVerdict: { askedPerDay: 288, budgetPerDay: 40 } }
---*/
setUpdateFreq(5)
