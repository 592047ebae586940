/*---
description: every control call, valid or not, is an event in call order stamped with the virtual time of the call, across sleeps and timers
rules: [C5, T3]
expect:
  status: ok
  events:
    - { type: setUpdateFreq, args: [10], valid: true, at: "2026-11-29T08:00:00.000+00:00" }
    - { type: setUpdateFreq, args: ["x"], valid: false, at: "2026-11-29T08:01:00.000+00:00" }
    - { type: setUpdateTime, args: [1795946400000], valid: true, at: "2026-11-29T08:01:30.000+00:00" }
    - { type: setUpdateFreq, args: [25], valid: true, at: "2026-11-29T08:03:00.000+00:00" }
    - { type: endLiveActivity, args: [], valid: false, at: "2026-11-29T08:03:00.000+00:00" }
  diagnosticsExact: [invalid-argument, end-outside-live-activity]
  nextRefresh: { reason: updateTime, frequencyMinutes: 25, requested: "2026-11-29T10:00:00.000+00:00" }
---*/
setUpdateFreq(10)
setTimeout(() => setUpdateTime(Date.UTC(2026, 10, 29, 10)), 90 * 1000)
await sleep(60 * 1000)
setUpdateFreq("x")
await sleep(2 * 60 * 1000)
setUpdateFreq(25)
endLiveActivity()
