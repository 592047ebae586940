/*---
description: an API global is there however the script reaches it, by a name inside a string that becomes code, or by a computed name on the global object from this.valueOf()
rules: [A1]
expect:
  status: ok
  outputs: { viaString: "object", viaValueOf: "object" }
---*/
let viaString = [].flat['constr' + 'uctor']('return typeof Weather')()
const _global = this.valueOf()
let viaValueOf = typeof _global['Cal' + 'endar']
