/*---
description: objects that pretend to be Dates (Date.prototype without a time value, a real Date whose getTime and valueOf throw) never make setUpdateTime throw in non-strict mode, and both calls are recorded
rules: [C8, C3, C5]
expect:
  status: ok
  outputs: { after: true }
  events:
    - { type: setUpdateTime, valid: false }
    - { type: setUpdateTime }
  diagnostics: [invalid-argument]
---*/
setUpdateTime(Object.create(Date.prototype))
const _real = new Date(Date.now() + 60 * 60 * 1000)
_real.getTime = () => { throw new Error("patched getTime") }
_real.valueOf = () => { throw new Error("patched valueOf") }
setUpdateTime(_real)
let after = true
