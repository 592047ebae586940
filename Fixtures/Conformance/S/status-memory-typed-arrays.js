/*---
description: large buffers allocated across timer turns hit the memory limit with status memory
rules: [S6, S5, O5]
limits: { memory: 64, timeout: 5 }
expect:
  status: memory
  diagnosticsExact: [memory-limit]
  outputs: {}
---*/
let a = 1
const _chunks = []
for (let i = 0; i < 40; i++) {
  _chunks.push(new Float64Array(1 << 20).fill(i))
  await sleep(10)
}
let count = _chunks.length
