/*---
description: setUpdateTime with epoch milliseconds asks for the next refresh at exactly that time
rules: [C3, C4]
expect:
  status: ok
  events:
    - { type: setUpdateTime, args: [1795944600000], valid: true, at: "2026-11-29T08:00:00.000+00:00" }
  nextRefresh: { reason: updateTime, requested: "2026-11-29T09:30:00.000+00:00" }
  diagnosticsExact: []
---*/
setUpdateTime(Date.now() + 90 * 60 * 1000)
