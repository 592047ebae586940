/*---
description: the seconds heuristic starts below 1e11 - 1e11 itself is taken as milliseconds (1973, in the past) without time-looks-like-seconds, 1e11 - 1 gets it
rules: [C3]
expect:
  status: ok
  events:
    - { type: setUpdateTime, args: [100000000000], valid: false }
    - { type: setUpdateTime, args: [99999999999], valid: false }
  diagnosticsExact: [time-in-past, time-looks-like-seconds, time-in-past]
---*/
setUpdateTime(1e11)
setUpdateTime(1e11 - 1)
