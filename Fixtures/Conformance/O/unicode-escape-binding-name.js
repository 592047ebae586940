/*---
description: a binding written with a Unicode escape in its name is published under the name it binds (abc), not the escaped spelling
rules: [O1]
skip: false
expect:
  status: ok
  outputs: { abc: 9, plain: 9 }
  diagnosticsExact: []
---*/
let \u0061bc = 9
let plain = abc
