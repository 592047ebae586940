/*---
description: values that are not numbers (null, undefined, boolean, object, array, numeric string, BigInt, Number object) are ignored with invalid-argument, never coerced
rules: [C1, C8]
expect:
  status: ok
  events:
    - { type: setUpdateFreq, args: [null], valid: false }
    - { type: setUpdateFreq, valid: false }
    - { type: setUpdateFreq, args: [true], valid: false }
    - { type: setUpdateFreq, args: [{}], valid: false }
    - { type: setUpdateFreq, args: [[30]], valid: false }
    - { type: setUpdateFreq, args: ["15"], valid: false }
    - { type: setUpdateFreq, valid: false }
    - { type: setUpdateFreq, valid: false }
  diagnosticsExact: [invalid-argument, invalid-argument, invalid-argument, invalid-argument, invalid-argument, invalid-argument, invalid-argument, invalid-argument]
  nextRefresh: { reason: default }
---*/
setUpdateFreq(null)
setUpdateFreq(undefined)
setUpdateFreq(true)
setUpdateFreq({})
setUpdateFreq([30])
setUpdateFreq("15")
setUpdateFreq(30n)
setUpdateFreq(new Number(30))
