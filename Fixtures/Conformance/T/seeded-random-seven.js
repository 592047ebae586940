/*---
description: with seed 7 Math.random gives the same pinned sequence every run, each value in [0, 1)
rules: [T4]
seed: 7
expect:
  status: ok
  outputs:
    first: [0.2238475219882723, 0.46236050291797315, 0.18288032484299777]
    allInRange: true
  diagnosticsExact: []
---*/
let first = [Math.random(), Math.random(), Math.random()]
let allInRange = true
for (let i = 0; i < 10000; i++) {
  const r = Math.random()
  if (!(r >= 0 && r < 1)) allInRange = false
}
