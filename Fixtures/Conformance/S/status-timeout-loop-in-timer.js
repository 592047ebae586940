/*---
description: an infinite loop inside a timer callback is stopped at the time limit; catch and finally cannot keep it alive
rules: [S6, S5, T3]
limits: { timeout: 0.3 }
expect:
  status: timeout
  diagnosticsExact: [time-limit]
  outputs: {}
  console: []
---*/
let a = 1
setTimeout(() => {
  try { while (true) {} } catch (e) { console.log("caught") } finally { console.log("finally") }
}, 1000)
await sleep(5000)
