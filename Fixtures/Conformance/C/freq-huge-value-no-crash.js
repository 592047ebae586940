/*---
description: Number.MAX_VALUE is a finite number above 0, so setUpdateFreq accepts it; computing the next refresh must not crash the host
rules: [C1, C8, S6]
skip: "host bug: the host process dies with a Swift fatal error (Double value cannot be converted to Int64 because it is either infinite or NaN) in NextRefresh.after (NextRefresh+Policy.swift:14); widgethost run prints a crash backtrace instead of a report"
expect:
  status: ok
  outputs: { after: true }
  events:
    - { type: setUpdateFreq, args: [1.7976931348623157e308], valid: true }
---*/
setUpdateFreq(Number.MAX_VALUE)
let after = true
