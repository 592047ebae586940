/*---
description: timers fire in deadline order on the virtual clock, equal deadlines in creation order, negative delays as 0, after the synchronous code
rules: [T3]
limits: { timeout: 0.5 }
expect:
  status: ok
  outputs:
    order: ["sync", "zero@0", "negative@0", "a100@100", "b100@100", "c300@300"]
    elapsed: 1000
  diagnosticsExact: []
---*/
const _t0 = Date.now()
let order = []
const _mark = (name) => () => order.push(name + "@" + (Date.now() - _t0))
setTimeout(_mark("c300"), 300)
setTimeout(_mark("a100"), 100)
setTimeout(_mark("b100"), 100)
setTimeout(_mark("zero"), 0)
setTimeout(_mark("negative"), -50)
order.push("sync")
await sleep(1000)
let elapsed = Date.now() - _t0
