/*---
description: a value below 1e11 looks like seconds - it is taken literally (1970), so it is also in the past and ignored, with both warnings
rules: [C3]
expect:
  status: ok
  events:
    - { type: setUpdateTime, args: [1795944600], valid: false }
  diagnosticsExact: [time-looks-like-seconds, time-in-past]
  nextRefresh: { reason: default }
---*/
setUpdateTime(Math.floor(Date.now() / 1000) + 90 * 60)
