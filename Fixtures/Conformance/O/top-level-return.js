/*---
description: a top-level return gives top-level-return and publishes the bindings initialised so far; later let/const stay absent (temporal dead zone)
rules: [O4, O1]
expect:
  status: ok
  outputs: { a: 1, b: "two", fromThis: 3 }
  absent: [c, d]
  diagnosticsExact: [top-level-return]
  events:
    - { type: setUpdateFreq, args: [30], valid: true }
  nextRefresh: { reason: frequency }
---*/
let a = 1
const b = "two"
this.fromThis = 3
setUpdateFreq(30)
if (a === 1) {
  return
}
let c = 3
const d = 4
setUpdateFreq(60)
