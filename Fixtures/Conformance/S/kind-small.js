/*---
description: run as kind small, Widget.type reports "small"
rules: [S3]
kind: small
expect:
  status: ok
  outputs: { type: "small", typeofType: "string" }
  diagnosticsExact: []
---*/
let type = Widget.type
let typeofType = typeof Widget.type
