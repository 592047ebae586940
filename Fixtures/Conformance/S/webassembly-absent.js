/*---
description: WebAssembly is not defined, so no code can run outside the time and memory limits' checks
rules: [S11, S6]
expect:
  status: ok
  outputs: { wasm: "undefined", global: false }
---*/
let wasm = typeof WebAssembly
let global = "WebAssembly" in globalThis
