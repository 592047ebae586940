/*---
description: the two functions do not override each other - an update time set before the frequency still decides the next refresh
rules: [C4, C5]
expect:
  status: ok
  events:
    - { type: setUpdateTime, valid: true }
    - { type: setUpdateFreq, args: [10], valid: true }
  nextRefresh: { reason: updateTime, frequencyMinutes: 10, requested: "2026-11-29T08:45:00.000+00:00" }
---*/
setUpdateTime(Date.now() + 45 * 60 * 1000)
setUpdateFreq(10)
