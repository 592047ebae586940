/*---
description: an Invalid Date is not a time; it is ignored with invalid-argument (not time-in-past)
rules: [C3, C1]
expect:
  status: ok
  events:
    - { type: setUpdateTime, args: ["Invalid Date"], valid: false }
  diagnosticsExact: [invalid-argument]
  nextRefresh: { reason: default }
---*/
setUpdateTime(new Date("tomorrow at noon"))
