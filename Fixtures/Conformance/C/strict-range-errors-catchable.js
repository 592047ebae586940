/*---
description: in strict mode wrong values throw RangeError - negative minutes, below-minimum minutes, a time in the past, seconds instead of ms, an Invalid Date
rules: [C7, C1, C3]
strict: true
expect:
  status: ok
  outputs: { names: ["RangeError", "RangeError", "RangeError", "RangeError", "RangeError"] }
  diagnosticsExact: [invalid-argument, freq-below-minimum, time-in-past, time-looks-like-seconds, invalid-argument]
---*/
let names = []
const _calls = [
  () => setUpdateFreq(-1),
  () => setUpdateFreq(2),
  () => setUpdateTime(Date.now() - 1000),
  () => setUpdateTime(1795944600),
  () => setUpdateTime(new Date(NaN)),
]
for (const call of _calls) {
  try { call(); names.push("no exception") } catch (e) { names.push(e.name) }
}
