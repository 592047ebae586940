/*---
description: names bound by destructuring (defaults, renaming, rest, nesting, arrays with holes) are outputs
rules: [O1, O6]
expect:
  status: ok
  outputs:
    a: 1
    c: 3
    d: 4
    rest: { e: 5, f: 6 }
    p: 1
    q: 9
    more: [4, 5]
    renamed: "dflt"
    deep: "x"
  absent: [b, k, _hidden]
  diagnosticsExact: []
---*/
let { a, b: { c, d = 4 }, ...rest } = { a: 1, b: { c: 3 }, e: 5, f: 6 }
const [p, , q = 9, ...more] = [1, 2, undefined, 4, 5]
var { k: renamed = "dflt" } = {}
let [{ inner: [deep] }] = [{ inner: ["x"] }]
let { _hidden } = { _hidden: 1 }
