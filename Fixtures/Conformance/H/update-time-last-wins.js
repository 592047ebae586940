/*---
description: setUpdateTime after setUpdateFreq wins; 0 and a Date are as if not called (an info each)
rules: [H6, H7]
edition: harmony
expect:
  status: ok
  nextRefresh: { reason: updateTime, requested: "2026-11-29T12:00:00.000+00:00", frequencyMinutes: null }
  diagnosticsExact: [update-call-ignored, update-call-ignored]
---*/
setUpdateFreq(60)
setUpdateTime(Date.parse("2026-11-29T12:00:00Z"))
setUpdateTime(0)
setUpdateTime(new Date("2026-11-30T12:00:00Z"))
