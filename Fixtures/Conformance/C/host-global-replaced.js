/*---
description: assigning to host globals is allowed but reported with host-global-replaced; calls to a replaced control binding are not recorded
rules: [C8, C5]
expect:
  status: ok
  outputs: { replacedResult: "mine" }
  events:
    - { type: setUpdateFreq, args: [10], valid: true }
  diagnosticsExact: [host-global-replaced, host-global-replaced]
  nextRefresh: { reason: frequency, requested: "2026-11-29T08:10:00.000+00:00" }
---*/
setUpdateFreq(10)
setUpdateFreq = () => "mine"
let replacedResult = setUpdateFreq(60)
console = { log() {} }
console.log("not captured")
