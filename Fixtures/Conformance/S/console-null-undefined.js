/*---
description: null and undefined print literally, alone and among other arguments
rules: [S8]
expect:
  status: ok
  console: ["null", "undefined", "value: null undefined 0", "NaN Infinity"]
---*/
console.log(null)
console.log(undefined)
console.log("value:", null, undefined, 0)
console.log(NaN, Infinity)
