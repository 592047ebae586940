/*---
description: allocating small objects without bound stops the script at the memory limit with status memory, without killing the host
rules: [S6, S5, O5]
limits: { memory: 64, timeout: 5 }
expect:
  status: memory
  diagnosticsExact: [memory-limit]
  outputs: {}
  console: [{ level: warn, message: "allocating" }]
---*/
let a = 1
console.warn("allocating")
const _all = []
while (true) _all.push({ index: _all.length, text: "item " + _all.length })
