/*---
description: run as kind rectangular, Widget.type reports "rectangular"
rules: [S3]
kind: rectangular
expect:
  status: ok
  outputs: { type: "rectangular", typeofType: "string" }
  diagnosticsExact: []
---*/
let type = Widget.type
let typeofType = typeof Widget.type
