/*---
description: an update time less than 5 minutes after the run asks for the earliest refresh the platform allows, 5 minutes after it (a choice)
rules: [H6]
edition: harmony
expect:
  status: ok
  nextRefresh: { reason: updateTime, requested: "2026-11-29T08:05:00.000+00:00" }
  diagnosticsExact: []
---*/
setUpdateTime(Date.now() + 60 * 1000)
