/*---
description: setUpdateFreq() with no argument is ignored with invalid-argument and recorded with no arguments
rules: [C1, C5]
expect:
  status: ok
  events:
    - { type: setUpdateFreq, args: [], valid: false, at: "2026-11-29T08:00:00.000+00:00" }
  diagnosticsExact: [invalid-argument]
  nextRefresh: { reason: default }
---*/
setUpdateFreq()
