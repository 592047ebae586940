#!/usr/bin/env widgethost
/*---
description: a hashbang on the first line is valid in a classic script (ES2023), so the script runs and the wrapper does not turn it into a syntax error
rules: [S1]
skip: false
expect:
  status: ok
  outputs: { ran: true }
  diagnosticsExact: []
---*/
let ran = true
