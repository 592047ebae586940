/*---
description: sleep(Number.MAX_VALUE) cannot end on any representable clock; like sleep(Infinity) it is an invalid-argument that waits 0 ms, and it never crashes the host
rules: [T3, C8, S6]
skip: false
expect:
  status: ok
  outputs: { after: true, elapsed: 0 }
  diagnosticsExact: [invalid-argument]
---*/
const _t0 = Date.now()
await sleep(Number.MAX_VALUE)
let elapsed = Date.now() - _t0
let after = true
