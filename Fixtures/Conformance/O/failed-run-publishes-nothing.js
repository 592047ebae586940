/*---
description: a run that ends in error publishes no outputs at all, not even bindings and this properties set before the error
rules: [O5, S5]
expect:
  status: error
  outputs: {}
  diagnosticsExact: [uncaught-error]
  console: ["about to fail"]
---*/
let temperature = 21
this.city = "Berlin"
const list = [1, 2, 3]
await sleep(1000)
console.log("about to fail")
JSON.parse("{ not json")
