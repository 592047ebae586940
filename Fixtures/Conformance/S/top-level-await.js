/*---
description: the body runs as an async function, so top-level await works and later lines see the awaited values
rules: [S1, T3]
expect:
  status: ok
  outputs: { first: 42, second: "done", order: ["sync", "awaited", "timer"] }
  diagnosticsExact: []
---*/
let order = ["sync"]
let first = await Promise.resolve(42)
order.push("awaited")
let second = await new Promise((resolve) => setTimeout(() => { order.push("timer"); resolve("done") }, 1000))
