/*---
description: a string is not a number of minutes; the call is ignored with invalid-argument
rules: [C1, C5]
expect:
  status: ok
  events: [{ type: setUpdateFreq, args: ["30"], valid: false }]
  diagnosticsExact: [invalid-argument]
  nextRefresh: { reason: default }
---*/
setUpdateFreq("30")
