/*---
description: a stray "})" cannot close the host's wrapper; it is a syntax error at the brace and nothing runs
rules: [S1, S2]
expect:
  status: error
  diagnosticsExact: [syntax-error]
  error: { name: SyntaxError, line: 17, column: 1 }
  events: []
  console: []
  outputs: {}
---*/
console.log("must not run")
setUpdateFreq(30)
function helper() {
  return 1
}
})
let after = 2
