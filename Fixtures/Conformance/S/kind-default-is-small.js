/*---
description: with no kind given the script runs as a small widget
rules: [S3]
expect:
  status: ok
  outputs: { type: small }
  diagnosticsExact: []
---*/
let type = Widget.type
