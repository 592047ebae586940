/*---
description: an object with throwing valueOf/toString/Symbol.toPrimitive is rejected with invalid-argument without ever being coerced, and the run stays ok
rules: [C8, C1, C3]
expect:
  status: ok
  outputs: { coercions: 0, after: true }
  events:
    - { type: setUpdateFreq, valid: false }
    - { type: setUpdateTime, valid: false }
  diagnosticsExact: [invalid-argument, invalid-argument]
  nextRefresh: { reason: default }
---*/
let coercions = 0
const _evil = {
  valueOf() { coercions++; throw new Error("valueOf") },
  toString() { coercions++; throw new Error("toString") },
  [Symbol.toPrimitive]() { coercions++; throw new Error("toPrimitive") },
}
setUpdateFreq(_evil)
setUpdateTime(_evil)
let after = true
