/*---
description: an uncaught error is an error line on stderr at the throwing line and column of the user's file, and the run exits 1
rules: [X3, X2]
expect:
  status: error
  error: { name: TypeError, line: 11, column: 19 }
  stderr: ["error: stderr-uncaught-error.js:11:19: uncaught TypeError: null is not an object"]
  exitCode: 1
---*/
let config = null
let title = config.title
