/*---
description: at most 50 timed refreshes a card per local calendar day, at least 5 minutes apart; the count resets at 00:00 and the summary says so
rules: [H8]
edition: harmony
now: 2026-11-29T08:00:00Z
tz: Asia/Shanghai
simulate: { hours: 24 }
expect:
  status: ok
  timeline:
    refreshCount: 101
    chargedCount: 100
    freeCount: 1
    maxChargedIn24h: 50
    budgetVerdict: { verdict: over-budget, budgetPerDay: 50 }
---*/
setUpdateFreq(5)
