/*---
description: a control binding deleted or redefined by the script (not only assigned) is reported with host-global-replaced once the body has settled; the one left in place still records its call
rules: [C8, C1]
expect:
  status: ok
  outputs: { deletedType: "undefined" }
  events:
    - { type: setUpdateFreq, args: [20], valid: true }
  diagnosticsExact: [host-global-replaced, host-global-replaced]
  nextRefresh: { reason: frequency, requested: "2026-11-29T08:20:00.000+00:00" }
---*/
setUpdateFreq(20)
delete setUpdateTime
let deletedType = typeof setUpdateTime
Object.defineProperty(globalThis, 'endLiveActivity', { get() { throw new Error('redefined') } })
