/*---
description: timers scheduled from timers and promise continuations run in virtual-time order; microtasks run before the next timer
rules: [T3]
expect:
  status: ok
  outputs:
    log: ["outer@100", "micro@100", "inner@150", "sleeper@200", "after@250"]
---*/
const _t0 = Date.now()
let log = []
const _at = (n) => n + "@" + (Date.now() - _t0)
setTimeout(() => {
  log.push(_at("outer"))
  Promise.resolve().then(() => log.push(_at("micro")))
  setTimeout(() => log.push(_at("inner")), 50)
}, 100)
const _sleeper = (async () => { await sleep(200); log.push(_at("sleeper")) })()
await sleep(250)
log.push(_at("after"))
