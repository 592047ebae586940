/*---
description: 0 and negative minutes are not greater than 0; each call is ignored with invalid-argument and recorded as invalid
rules: [C1, C5]
expect:
  status: ok
  events:
    - { type: setUpdateFreq, args: [0], valid: false }
    - { type: setUpdateFreq, args: [-5], valid: false }
    - { type: setUpdateFreq, args: [-0.5], valid: false }
  diagnosticsExact: [invalid-argument, invalid-argument, invalid-argument]
  nextRefresh: { reason: default }
---*/
setUpdateFreq(0)
setUpdateFreq(-5)
setUpdateFreq(-0.5)
