/*---
description: the control page's sample asks for its next refresh at 00:01 tomorrow, so the budget verdict says it asks for one refresh a day (the first run, at 08:00, only sets where its schedule starts)
rules: [R6, R1]
now: 2026-11-29T08:00:00Z
simulate: { hours: 24 }
expect:
  nextRefresh: { reason: updateTime, requested: "2026-11-30T00:01:00.000+00:00" }
  timeline:
    refreshCount: 2
    budgetVerdict: { askedPerDay: 1, verdict: within-budget, sentence: "The script asks for about 1 refresh a day, within the typical budget of 55, so refreshes can come when requested." }
---*/
const tomorrow = new Date()
tomorrow.setDate(tomorrow.getDate() + 1)
tomorrow.setHours(0, 1, 0, 0)
setUpdateTime(tomorrow.getTime()) // the next refresh at 00:01 the next day
