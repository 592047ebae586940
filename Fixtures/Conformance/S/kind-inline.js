/*---
description: run as kind inline, Widget.type reports "inline"
rules: [S3]
kind: inline
expect:
  status: ok
  outputs: { type: "inline", typeofType: "string" }
  diagnosticsExact: []
---*/
let type = Widget.type
let typeofType = typeof Widget.type
