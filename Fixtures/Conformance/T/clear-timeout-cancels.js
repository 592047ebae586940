/*---
description: clearTimeout cancels a timer before it fires, also from inside another timer; ids are numbers
rules: [T3]
expect:
  status: ok
  outputs: { fired: ["keep"], idType: "number" }
  diagnosticsExact: []
---*/
let fired = []
const _a = setTimeout(() => fired.push("cleared-early"), 100)
const _b = setTimeout(() => fired.push("cleared-by-timer"), 300)
setTimeout(() => { fired.push("keep"); clearTimeout(_b) }, 200)
clearTimeout(_a)
let idType = typeof _a
await sleep(500)
