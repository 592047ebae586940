/*---
description: only the global object's own enumerable properties are outputs; one inherited from Object.prototype is not, even when the script replaces hasOwnProperty
rules: [O1]
expect:
  status: ok
  outputs: { own: "mine" }
  diagnosticsExact: []
---*/
Object.prototype.inherited = 'from the prototype'
Object.prototype.hasOwnProperty = () => true
this.own = 'mine'
