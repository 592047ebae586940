/*---
description: sleep() with a non-number or negative value does not fail silently - it gives invalid-argument and waits 0 ms
rules: [C8, T3]
expect:
  status: ok
  outputs: { elapsed: 0 }
  diagnosticsExact: [invalid-argument, invalid-argument, invalid-argument]
---*/
const _t0 = Date.now()
await sleep("abc")
await sleep(-5)
await sleep()
let elapsed = Date.now() - _t0
