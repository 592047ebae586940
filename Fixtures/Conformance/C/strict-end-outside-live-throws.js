/*---
description: in strict mode endLiveActivity() outside a live script is a warning turned into an exception at the call
rules: [C7, C6]
strict: true
kind: medium
expect:
  status: ok
  outputs: { thrown: true }
  diagnosticsExact: [end-outside-live-activity]
---*/
let thrown = false
try { endLiveActivity() } catch (e) { thrown = e instanceof TypeError || e instanceof RangeError }
