/*---
description: a strict-mode-only syntax error points at the offending literal, not at column 1
rules: [S1, S2]
skip: "host bug: JSC gives no token in this message and the host falls back to column 1; the offending literal 010 is at column 14"
expect:
  status: error
  diagnosticsExact: [syntax-error]
  error: { name: SyntaxError, line: 12, column: 14 }
  events: []
---*/
"use strict"
let legacy = 010
