/*---
description: in a widget run isDebug() is false and Widget.reload is a no-op with app-only-api
rules: [A7]
expect:
  status: ok
  outputs: { debug: false }
  diagnostics: [app-only-api]
---*/
let debug = isDebug()
Widget.reload()
