/*---
description: NaN and infinities are not finite numbers of minutes; each call is ignored with invalid-argument
rules: [C1]
expect:
  status: ok
  events:
    - { type: setUpdateFreq, valid: false }
    - { type: setUpdateFreq, valid: false }
    - { type: setUpdateFreq, valid: false }
  diagnosticsExact: [invalid-argument, invalid-argument, invalid-argument]
  nextRefresh: { reason: default }
---*/
setUpdateFreq(NaN)
setUpdateFreq(Infinity)
setUpdateFreq(-Infinity)
