/*---
description: already-ended is info, not a warning, so even in strict mode a second endLiveActivity() does not throw
rules: [C7, C6]
strict: true
kind: live
expect:
  status: ok
  outputs: { thrown: false }
  diagnosticsExact: [already-ended]
  liveActivity: { state: ended, endedAt: "2026-11-29T08:00:00.000+00:00" }
---*/
let thrown = false
endLiveActivity()
await sleep(1000)
try { endLiveActivity() } catch (e) { thrown = true }
