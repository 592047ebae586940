/*---
description: setUpdateFreq and setUpdateTime exclude each other, the last call of either wins
rules: [H5, H6, H7]
edition: harmony
expect:
  status: ok
  nextRefresh: { reason: frequency, requested: "2026-11-29T09:00:00.000+00:00" }
  diagnosticsExact: []
---*/
setUpdateTime(Date.parse("2026-11-29T12:00:00Z"))
setUpdateFreq(60)
