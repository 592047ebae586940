/*---
description: names starting with _ are never outputs, whether bindings or this properties
rules: [O1]
expect:
  status: ok
  outputs: { visible: 3 }
  absent: [_secret, _count, _fromThis, _implicit]
  diagnosticsExact: []
---*/
let _secret = "token"
var _count = 1
this._fromThis = 2
_implicit = 4
let visible = _count + _fromThis
