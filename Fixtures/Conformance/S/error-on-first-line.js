null.x /*---
description: an error on line 1 of the file keeps its column (the wrapper sits on lines of its own)
rules: [S2]
expect:
  status: error
  diagnosticsExact: [uncaught-error]
  error: { name: TypeError, line: 1, column: 5 }
  outputs: {}
---*/
let after = 1
