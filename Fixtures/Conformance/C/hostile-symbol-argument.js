/*---
description: symbols (which throw when converted to numbers or strings) are rejected with invalid-argument and recorded without failing the run
rules: [C8, C1, C3]
expect:
  status: ok
  outputs: { after: true }
  events:
    - { type: setUpdateFreq, args: ["Symbol(minutes)"], valid: false }
    - { type: setUpdateTime, args: ["Symbol(Symbol.iterator)"], valid: false }
  diagnosticsExact: [invalid-argument, invalid-argument]
---*/
setUpdateFreq(Symbol("minutes"))
setUpdateTime(Symbol.iterator)
let after = true
