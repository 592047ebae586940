/*---
description: a time before now, or exactly now, is not after now and is ignored with time-in-past
rules: [C3]
expect:
  status: ok
  events:
    - { type: setUpdateTime, args: [1795939199999], valid: false }
    - { type: setUpdateTime, args: [1795939200000], valid: false }
    - { type: setUpdateTime, valid: false }
  diagnosticsExact: [time-in-past, time-in-past, time-in-past]
  nextRefresh: { reason: default }
---*/
setUpdateTime(Date.now() - 1)
setUpdateTime(Date.now())
setUpdateTime(new Date(2020, 0, 1))
