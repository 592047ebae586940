/*---
description: setUpdateTime(Number.MAX_VALUE) (beyond any Date) is handled as a call like any other - recorded, run ok - and never crashes the host
rules: [C3, C8, S6]
skip: false
expect:
  status: ok
  outputs: { after: true }
  events:
    - { type: setUpdateTime }
---*/
setUpdateTime(Number.MAX_VALUE)
let after = true
