/*---
description: a control binding called through call, Reflect.apply, bind or as a callback is recorded like a direct call; using it as a constructor is a catchable TypeError
rules: [C5, C8]
expect:
  status: ok
  outputs: { constructed: "TypeError" }
  events:
    - { type: setUpdateFreq, args: [11], valid: true }
    - { type: setUpdateFreq, args: [12], valid: true }
    - { type: setUpdateFreq, args: [13], valid: true }
    - { type: setUpdateFreq, args: [14, 0, [14]], valid: true }
  nextRefresh: { reason: frequency, requested: "2026-11-29T08:14:00.000+00:00" }
  diagnosticsExact: []
---*/
setUpdateFreq.call({}, 11)
Reflect.apply(setUpdateFreq, null, [12])
setUpdateFreq.bind(null)(13)
;[14].forEach(setUpdateFreq)
let constructed = ""
try { new setUpdateFreq(10) } catch (e) { constructed = e.name }
