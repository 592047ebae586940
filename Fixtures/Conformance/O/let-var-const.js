/*---
description: every top-level let, var and const binding is an output with its final value
rules: [O1]
expect:
  status: ok
  outputs: { title: "Weather", temperature: 21.5, ready: true, count: 3, list: [1, 2] }
  diagnosticsExact: []
---*/
let title = "Weather"
var temperature = 20
temperature += 1.5
const ready = true
let count = 1
count = 3
const list = []
list.push(1, 2)
