/*---
description: objects and arrays print as JSON (strings inside quoted, undefined members left out as JSON.stringify does)
rules: [S8]
expect:
  status: ok
  console:
    - '{"a":1,"b":[1,2,"three"],"c":{"d":null}}'
    - '[1,"two",null,{"x":true}]'
    - 'label {"k":"v"} [] {}'
    - '{"kept":1}'
---*/
console.log({ a: 1, b: [1, 2, "three"], c: { d: null } })
console.log([1, "two", null, { x: true }])
console.log("label", { k: "v" }, [], {})
console.log({ kept: 1, dropped: undefined })
