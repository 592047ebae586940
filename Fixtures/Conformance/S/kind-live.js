/*---
description: run as kind live, Widget.type reports "live"
rules: [S3]
kind: live
expect:
  status: ok
  outputs: { type: "live", typeofType: "string" }
  diagnosticsExact: []
---*/
let type = Widget.type
let typeofType = typeof Widget.type
