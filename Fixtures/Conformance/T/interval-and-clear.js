/*---
description: setInterval repeats on the virtual clock until clearInterval, interleaving with timeouts by deadline
rules: [T3, S4]
limits: { timeout: 0.5 }
expect:
  status: ok
  outputs:
    log: ["iv@120", "iv@240", "t@300", "iv@360"]
    ticks: 3
  diagnosticsExact: []
---*/
const _t0 = Date.now()
let log = []
let ticks = 0
const _iv = setInterval(() => {
  ticks++
  log.push("iv@" + (Date.now() - _t0))
  if (ticks === 3) clearInterval(_iv)
}, 120)
setTimeout(() => log.push("t@" + (Date.now() - _t0)), 300)
await sleep(2000)
