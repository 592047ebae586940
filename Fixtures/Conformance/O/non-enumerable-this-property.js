/*---
description: a property added to this as non-enumerable is not an output; an enumerable one defined the same way is
rules: [O1]
expect:
  status: ok
  outputs: { shown: 2 }
  absent: [hidden]
  diagnosticsExact: []
---*/
Object.defineProperty(this, "hidden", { value: 1, enumerable: false })
Object.defineProperty(this, "shown", { value: 2, enumerable: true })
