/*---
description: Date reached through a name and code made at run time reads the virtual now, and is the engine's own built-in
rules: [T1]
expect:
  status: ok
  outputs: { made: "2026-11-29T08:00:00.000Z", native: "function Date() {\n    [native code]\n}", dataProperty: true }
  diagnosticsExact: []
---*/
let made = [].flat[decodeURIComponent('%63onstructor')](decodeURIComponent('return new %44ate().toISOString()'))()
let native = String(globalThis['Da' + 'te'])
let dataProperty = 'value' in Object.getOwnPropertyDescriptor(globalThis, 'Date')
