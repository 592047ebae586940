/*---
description: sleep resolves with the milliseconds it waited, as the control page's quick reference writes (sleep(ms) → Promise<ms>); a value that is not a number waits 0 and resolves with 0
rules: [H12]
edition: harmony
expect:
  status: ok
  outputs: { waited: 250, none: 0 }
---*/
const waited = await sleep(250)
const none = await sleep("soon")
