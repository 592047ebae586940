/*---
description: with a console limit of 5 only the first 5 entries are kept and the rest are counted with console-truncated
rules: [S8]
limits: { console: 5 }
expect:
  status: ok
  console: ["line 0", "line 1", "line 2", "line 3", { level: warn, message: "line 4" }]
  diagnosticsExact: [console-truncated]
  outputs: { done: true }
---*/
for (let i = 0; i < 4; i++) console.log("line", i)
console.warn("line", 4)
console.error("line", 5)
for (let i = 6; i < 12; i++) console.log("line", i)
let done = true
