/*---
description: run as kind medium, Widget.type reports "medium"
rules: [S3]
kind: medium
expect:
  status: ok
  outputs: { type: "medium", typeofType: "string" }
  diagnosticsExact: []
---*/
let type = Widget.type
let typeofType = typeof Widget.type
