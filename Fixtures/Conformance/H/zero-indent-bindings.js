/*---
description: only top-level declarations whose keyword starts the line are bindings; indented and destructured ones get an info, and so does the second name of a comma list
rules: [H2]
edition: harmony
expect:
  status: ok
  outputs: { title: "Hello", count: 3, first: 1, later: "kept" }
  absent: [indented, a, b, second, _private]
  diagnosticsExact: [binding-not-collected, binding-not-collected, binding-not-collected, binding-not-collected]
  diagnostics:
    - { code: binding-not-collected, severity: info, line: 18, column: 7, message: "starts its line" }
    - { code: binding-not-collected, line: 19, column: 8, message: "destructuring" }
    - { code: binding-not-collected, line: 20, column: 16, message: "first name" }
---*/
const title = "Hello"
let count = 3
var _private = "not a binding"
  let indented = 1
const {a, b} = {a: 1, b: 2}
let first = 1, second = 2
if (count > 0) {
let later = "inside a block"
}
var later = "kept"
