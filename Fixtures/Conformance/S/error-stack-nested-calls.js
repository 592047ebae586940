/*---
description: an uncaught error in nested calls reports its line and column and a stack of user frames naming the file (frames carry the path as given, so run the suite from the package root as widgethost test Fixtures/Conformance)
rules: [S2, S5]
expect:
  status: error
  diagnosticsExact: [uncaught-error]
  error:
    name: TypeError
    line: 16
    column: 8
    stack: ["inner (error-stack-nested-calls.js:16:8)", "middle (error-stack-nested-calls.js:19:8)", "outer (error-stack-nested-calls.js:22:9)", "<script> (error-stack-nested-calls.js:24:6)"]
  outputs: {}
---*/
function inner() {
  let value = null
  value.x
}
function middle() {
  inner()
}
function outer() {
  middle()
}
outer()
