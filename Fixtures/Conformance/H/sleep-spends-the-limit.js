/*---
description: await sleep(5000) ends the run timeout on the virtual clock, as on the phone; the card keeps its last bindings
rules: [H4]
edition: harmony
expect:
  status: timeout
  outputs: {}
  diagnosticsExact: [time-limit]
  report: { finishedAt: "2026-11-29T08:00:04.500+00:00", limits: { timeoutSeconds: 4.5 } }
---*/
let before = 1
await sleep(5000)
let after = 2
