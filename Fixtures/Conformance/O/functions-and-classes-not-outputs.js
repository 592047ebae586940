/*---
description: top-level function, async function, generator and class declarations are not outputs and give no warning
rules: [O1, O3]
expect:
  status: ok
  outputs: { result: 3, made: { v: 1 } }
  diagnosticsExact: []
---*/
function add(x, y) { return x + y }
async function load() { return 1 }
function* gen() { yield 1 }
class Box { constructor(v) { this.v = v } }
let result = add(1, 2)
let made = new Box(await load())
