/*---
description: a top-level binding that shadows a host global's name is an ordinary output and does not replace the host global
rules: [O1, C8]
expect:
  status: ok
  outputs: { Widget: 5, console: "mine" }
  diagnosticsExact: []
---*/
let Widget = 5
let console = "mine"
