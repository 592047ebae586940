/*---
description: each run starts with the host's own globals in place (an earlier run that replaced them leaves no trace); the control bindings work and are recorded
rules: [S7, C8]
expect:
  status: ok
  outputs:
    kinds: { setUpdateFreq: function, setUpdateTime: function, endLiveActivity: function, sleep: function, setTimeout: function, clearTimeout: function, setInterval: function, clearInterval: function, console: object, log: function, Widget: object, Date: function }
    now: 1795939200000
  events:
    - { type: setUpdateFreq, args: [15], valid: true }
  diagnosticsExact: [host-global-replaced]
  nextRefresh: { reason: frequency, requested: "2026-11-29T08:15:00.000+00:00" }
---*/
let kinds = {}
for (const name of ["setUpdateFreq", "setUpdateTime", "endLiveActivity", "sleep", "setTimeout", "clearTimeout", "setInterval", "clearInterval", "console", "Widget", "Date"]) {
  kinds[name] = typeof globalThis[name]
}
kinds.log = typeof console.log
let now = Date.now()
setUpdateFreq(15)
setUpdateFreq = () => {}
setUpdateFreq(1)
Date = function () { return "fake" }
