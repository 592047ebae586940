/*---
description: Number.MAX_VALUE is a finite number above 0, so setUpdateFreq accepts it; computing the next refresh must not crash the host
rules: [C1, C8, S6]
skip: false
expect:
  status: ok
  outputs: { after: true }
  events:
    - { type: setUpdateFreq, args: [1.7976931348623157e308], valid: true }
---*/
setUpdateFreq(Number.MAX_VALUE)
let after = true
