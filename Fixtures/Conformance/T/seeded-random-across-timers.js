/*---
description: the seeded sequence is one stream across timers and awaits, so a script mixing them stays reproducible
rules: [T4, T3]
seed: 7
expect:
  status: ok
  outputs:
    picks: [22, 46, 18, 9, 17, 31]
  events:
    - { type: setUpdateFreq, args: [31], valid: true, at: "2026-11-29T08:00:00.990+00:00" }
  nextRefresh: { reason: frequency, requested: "2026-11-29T08:31:00.990+00:00" }
---*/
const _pick = () => Math.floor(Math.random() * 100)
let picks = [_pick(), _pick()]
setTimeout(() => picks.push(_pick()), 10)
await sleep(20)
picks.push(_pick())
await new Promise((resolve) => setTimeout(() => { picks.push(_pick()); resolve() }, 500))
await sleep(470)
picks.push(_pick())
setUpdateFreq(picks[5])
