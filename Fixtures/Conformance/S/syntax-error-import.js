/*---
description: a script is classic, not a module, so an import declaration does not parse
rules: [S1]
expect:
  status: error
  diagnosticsExact: [syntax-error]
  error: { name: SyntaxError, line: 10 }
  events: []
---*/
import x from "y"
setUpdateFreq(30)
