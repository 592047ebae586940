/*---
description: by default a run keeps 200 console entries; the 201st is counted and reported with console-truncated
rules: [S8]
expect:
  status: ok
  diagnosticsExact: [console-truncated]
---*/
for (let i = 0; i < 201; i++) console.log(i)
