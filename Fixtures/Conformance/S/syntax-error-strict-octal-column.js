/*---
description: a strict-mode-only syntax error points at the offending literal, not at column 1
rules: [S1, S2]
expect:
  status: error
  diagnosticsExact: [syntax-error]
  error: { name: SyntaxError, line: 11, column: 14 }
  events: []
---*/
"use strict"
let legacy = 010
