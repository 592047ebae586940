/*---
description: setUpdateFreq takes whole minutes; 0 or a value that is not a number is as if not called, with an info
rules: [H5, H7]
edition: harmony
expect:
  status: ok
  events:
    - { type: setUpdateFreq, args: [30], valid: true }
    - { type: setUpdateFreq, args: [0], valid: false }
    - { type: setUpdateFreq, args: ["15"], valid: false }
  nextRefresh: { reason: frequency, requested: "2026-11-29T08:30:00.000+00:00", frequencyMinutes: 30 }
  diagnosticsExact: [update-call-ignored, update-call-ignored]
---*/
setUpdateFreq(30)
setUpdateFreq(0)
setUpdateFreq("15")
