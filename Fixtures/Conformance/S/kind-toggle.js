/*---
description: run as kind toggle, Widget.type reports "toggle"
rules: [S3]
kind: toggle
expect:
  status: ok
  outputs: { type: "toggle", typeofType: "string" }
  diagnosticsExact: []
---*/
let type = Widget.type
let typeofType = typeof Widget.type
