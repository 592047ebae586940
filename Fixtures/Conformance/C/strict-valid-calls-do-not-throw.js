/*---
description: strict mode changes nothing for valid calls - no exception, no diagnostic, the same next refresh
rules: [C7, C4]
strict: true
expect:
  status: ok
  outputs: { thrown: false }
  diagnosticsExact: []
  nextRefresh: { reason: updateTime, frequencyMinutes: 30, requested: "2026-11-29T09:00:00.000+00:00" }
---*/
let thrown = false
try {
  setUpdateFreq(30)
  setUpdateTime(new Date(Date.now() + 60 * 60 * 1000))
} catch (e) {
  thrown = true
}
