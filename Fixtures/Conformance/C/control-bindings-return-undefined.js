/*---
description: the control bindings are plain functions returning undefined, valid or not, so scripts cannot mistake them for promises
rules: [C8, C5]
expect:
  status: ok
  outputs: { results: ["undefined", "undefined", "undefined", "undefined"] }
  diagnosticsExact: [invalid-argument, end-outside-live-activity]
---*/
let results = [typeof setUpdateFreq(10), typeof setUpdateFreq("x"), typeof setUpdateTime(Date.now() + 600000), typeof endLiveActivity()]
