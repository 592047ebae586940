/*---
description: values that cannot be printed as JSON (cyclic, throwing toJSON or Proxy traps, symbols, BigInt, functions) never crash the run and each still gives one entry
rules: [S8, C8]
expect:
  status: ok
  console:
    - { level: log }
    - { level: log }
    - { level: log }
    - "Symbol(s) 10n"
    - { level: info, message: "after" }
  outputs: { done: true }
---*/
const _cyclic = {}
_cyclic.self = _cyclic
console.log(_cyclic)
console.log({ toJSON() { throw new Error("no json") } })
console.log(new Proxy({}, { get() { throw new Error("trap") }, ownKeys() { throw new Error("keys") } }))
console.log(Symbol("s"), 10n)
console.info("after")
let done = true
