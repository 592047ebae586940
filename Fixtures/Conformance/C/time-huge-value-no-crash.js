/*---
description: setUpdateTime(Number.MAX_VALUE) (beyond any Date) is handled as a call like any other - recorded, run ok - and never crashes the host
rules: [C3, C8, S6]
skip: "host bug: the host process dies with a Swift fatal error (Double value cannot be converted to Int64 because the result would be greater than Int64.max) in RunSession.setUpdateTime (ControlBindings.swift:103)"
expect:
  status: ok
  outputs: { after: true }
  events:
    - { type: setUpdateTime }
---*/
setUpdateTime(Number.MAX_VALUE)
let after = true
