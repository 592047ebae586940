/*---
description: a const whose initialiser is never reached because of a top-level return is absent, and a closure reading it before the return sees its temporal dead zone
rules: [O4]
expect:
  status: ok
  outputs: { ready: true, peek: "tdz" }
  absent: [late]
  diagnosticsExact: [top-level-return]
---*/
function readLate() { try { return late } catch (e) { return "tdz" } }
let ready = true
let peek = readLate()
return
const late = "never"
