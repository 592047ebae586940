/*---
description: a Proxy whose every trap throws is rejected with invalid-argument; no trap exception escapes into the script or fails the run
rules: [C8, C1, C3]
expect:
  status: ok
  outputs: { escaped: false }
  events:
    - { type: setUpdateFreq, valid: false }
    - { type: setUpdateTime, valid: false }
  diagnosticsExact: [invalid-argument, invalid-argument]
---*/
const _trap = () => { throw new Error("trap") }
const _hostile = new Proxy({}, { get: _trap, has: _trap, ownKeys: _trap, getPrototypeOf: _trap, getOwnPropertyDescriptor: _trap, apply: _trap })
let escaped = false
try {
  setUpdateFreq(_hostile)
  setUpdateTime(_hostile)
} catch (e) {
  escaped = true
}
