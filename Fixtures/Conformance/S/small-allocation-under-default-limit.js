/*---
description: a script using a few MB stays under the default 30 MB limit and ends ok
rules: [S6]
expect:
  status: ok
  outputs: { total: 2000000 }
  diagnosticsExact: []
---*/
const _buffers = []
for (let i = 0; i < 4; i++) _buffers.push(new Uint8Array(500000).fill(1))
let total = _buffers.reduce((sum, b) => sum + b.length, 0)
