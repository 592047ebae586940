/*---
description: the 4.5 s limit also holds on the run's own clock: a busy loop is stopped
rules: [H4]
edition: harmony
limits: { timeout: 0.5 }
expect:
  status: timeout
  diagnostics: [time-limit]
---*/
let spins = 0
for (;;) spins++
