/*---
description: console arguments are joined with single spaces; strings print without quotes, numbers and booleans as written, no arguments as an empty message
rules: [S8]
expect:
  status: ok
  console: ["a b c", "n 1 2.5 -3 true false", "", "a  b", "x"]
---*/
console.log("a", "b", "c")
console.log("n", 1, 2.5, -3, true, false)
console.log()
console.log("a", "", "b")
console.log("x")
