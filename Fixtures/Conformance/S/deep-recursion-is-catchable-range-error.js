/*---
description: unbounded recursion is a catchable RangeError, not a memory or timeout status, and the run goes on
rules: [S6, S5]
expect:
  status: ok
  outputs: { name: RangeError, after: 1 }
  diagnosticsExact: []
---*/
function down(n) { return down(n + 1) + 1 }
let name = ""
try { down(0) } catch (e) { name = e.name }
let after = 1
