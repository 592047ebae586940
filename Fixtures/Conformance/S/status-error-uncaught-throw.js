/*---
description: an uncaught throw ends the run in error with uncaught-error and the error's name, message and location
rules: [S5, S2, O5]
expect:
  status: error
  diagnosticsExact: [uncaught-error]
  error: { name: TypeError, message: "bad input", line: 13, column: 20 }
  outputs: {}
  console: ["before"]
---*/
let published = "no"
console.log("before")
throw new TypeError("bad input")
