/*---
description: in strict mode a wrong-type argument throws a catchable TypeError at the call, and the call is still recorded as an invalid event
rules: [C7, C5]
strict: true
expect:
  status: ok
  outputs: { freq: "TypeError", time: "TypeError", after: true }
  events:
    - { type: setUpdateFreq, args: ["30"], valid: false }
    - { type: setUpdateTime, args: ["tomorrow"], valid: false }
  nextRefresh: { reason: default }
---*/
let freq = ""
let time = ""
try { setUpdateFreq("30") } catch (e) { freq = e.name }
try { setUpdateTime("tomorrow") } catch (e) { time = e.name }
let after = true
