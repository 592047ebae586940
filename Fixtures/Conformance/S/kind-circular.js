/*---
description: run as kind circular, Widget.type reports "circular"
rules: [S3]
kind: circular
expect:
  status: ok
  outputs: { type: "circular", typeofType: "string" }
  diagnosticsExact: []
---*/
let type = Widget.type
let typeofType = typeof Widget.type
