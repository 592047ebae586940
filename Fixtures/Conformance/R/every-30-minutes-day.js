/*---
description: setUpdateFreq(30) for 24 hours under the typical budget gives 48 refreshes, all on time
rules: [R1, R2, R6, R7]
now: 2026-11-29T00:00:00Z
simulate: { hours: 24, budget: typical }
expect:
  status: ok
  timeline:
    refreshCount: 48
    chargedCount: 48
    delayedCount: 0
    longestGap: { ms: 1800000 }
    budgetVerdict: { askedPerDay: 48, budgetPerDay: 55, verdict: within-budget }
---*/
setUpdateFreq(30)
