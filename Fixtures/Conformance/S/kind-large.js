/*---
description: run as kind large, Widget.type reports "large"
rules: [S3]
kind: large
expect:
  status: ok
  outputs: { type: "large", typeofType: "string" }
  diagnosticsExact: []
---*/
let type = Widget.type
let typeofType = typeof Widget.type
