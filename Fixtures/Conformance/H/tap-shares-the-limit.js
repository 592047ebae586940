/*---
description: the snippet and the card's script share one 4.5 s, so a tap whose snippet waits 2 s after a script that waits 3 s times out at 4.5 s and publishes nothing
rules: [H14, H4]
edition: harmony
action: |
  await sleep(2000)
expect:
  status: timeout
  outputs: {}
  report: { refresh: { finishedAt: "2026-11-29T08:00:04.500+00:00" } }
  exitCode: 1
---*/
await sleep(3000)
let done = true
