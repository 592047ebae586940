/*---
description: a field that is exactly one placeholder keeps the value's JSON type; anything around it makes a string
rules: [A10]
layout: |
  ${count}
  ${ratio}
  ${flag}
  ${off}
  ${user}
  ${tags}
  ${none}
  ${name}
  ${ count }
  {count}
  ${missing}
   ${count}
  ${count}${count}
  ${flag}.
expect:
  status: ok
  layout:
    rendered:
      - 42
      - 0.75
      - true
      - false
      - { name: Ann, age: 7 }
      - [a, b]
      - null
      - Ann
      - 42
      - 42
      - ""
      - " 42"
      - "4242"
      - "true."
    findingsExact: [layout-legacy, layout-missing]
---*/
const count = 42, ratio = 0.75, flag = true, off = false, none = null, name = "Ann"
const user = { name: "Ann", age: 7 }
const tags = ["a", "b"]
