/*---
description: an error on the same line as the "use strict" directive is not shifted by what the host inserts after the prologue
rules: [S2]
expect:
  status: error
  diagnosticsExact: [uncaught-error]
  error: { name: TypeError, line: 9, column: 60 }
---*/
"use strict"; let a = 1; let strictThis = this; a = null; a.x
