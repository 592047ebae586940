/*---
description: a run stopped by its time limit publishes nothing, even outputs complete before the loop
rules: [O5, S6]
limits: { timeout: 0.3 }
expect:
  status: timeout
  outputs: {}
  diagnosticsExact: [time-limit]
---*/
let complete = "yes"
this.also = 1
await sleep(60000)
for (;;) {}
