/*---
description: in strict mode sleep's invalid-argument warning also becomes an exception at the (awaited) call - TypeError for a string, RangeError for a negative value
rules: [C7, C8, T3]
strict: true
expect:
  status: ok
  outputs: { r: ["TypeError", "RangeError"] }
  diagnosticsExact: [invalid-argument, invalid-argument]
---*/
let r = []
try { await sleep("abc"); r.push("none") } catch (e) { r.push(e.name) }
try { await sleep(-1); r.push("none") } catch (e) { r.push(e.name) }
