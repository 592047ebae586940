/*---
description: the virtual clock does not move by itself during synchronous work; only timers move it
rules: [T1, T3]
expect:
  status: ok
  outputs: { stillSame: true, moved: 1 }
---*/
const _t0 = Date.now()
let _x = 0
for (let i = 0; i < 200000; i++) _x += Math.sqrt(i)
let stillSame = Date.now() === _t0 && new Date().getTime() === _t0
await sleep(1)
let moved = Date.now() - _t0
