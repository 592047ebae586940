/*---
description: exactly 200 console entries fit under the default limit, so there is no console-truncated
rules: [S8]
expect:
  status: ok
  diagnosticsExact: []
---*/
for (let i = 0; i < 200; i++) console.log(i)
