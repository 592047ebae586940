/*---
description: a finally block still runs after a top-level return, and the values it assigns are what is published
rules: [O4]
expect:
  status: ok
  outputs: { x: 2 }
  absent: [never]
  diagnosticsExact: [top-level-return]
---*/
let x = 1
try {
  return
} finally {
  x = 2
}
let never = 3
