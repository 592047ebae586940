/*---
description: setUpdateFreq(5) asks for 288 refreshes a day; the typical budget grants 55 in any 24 hours
rules: [R1, R2, R6]
now: 2026-11-29T00:00:00Z
simulate: { hours: 24, budget: typical }
expect:
  timeline:
    refreshCount: 55
    maxChargedIn24h: 55
    budgetVerdict: { askedPerDay: 288, budgetPerDay: 55, verdict: over-budget }
---*/
setUpdateFreq(5)
