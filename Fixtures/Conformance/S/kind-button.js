/*---
description: run as kind button, Widget.type reports "button"
rules: [S3]
kind: button
expect:
  status: ok
  outputs: { type: "button", typeofType: "string" }
  diagnosticsExact: []
---*/
let type = Widget.type
let typeofType = typeof Widget.type
