/*---
description: isDebug() is true in an app run
rules: [A7]
context: app
expect:
  status: ok
  outputs: { debug: true }
---*/
let debug = isDebug()
