/*---
description: a fraction of a minute is taken up to the next whole minute (a choice) and less than 5 asks for 5, the platform's floor
rules: [H5, H7]
edition: harmony
expect:
  status: ok
  nextRefresh: { reason: frequency, requested: "2026-11-29T08:05:00.000+00:00", frequencyMinutes: 3 }
  diagnosticsExact: [invalid-argument, freq-below-minimum]
  diagnostics: [{ code: invalid-argument, severity: info }]
---*/
setUpdateFreq(2.5)
