/*---
description: a run stopped by its time limit ran and found failure, so the tool exits 1 (and the next fixture still runs at once)
rules: [X2, S6]
limits: { timeout: 0.2 }
expect:
  status: timeout
  diagnostics: [time-limit]
  exitCode: 1
---*/
while (true) {}
