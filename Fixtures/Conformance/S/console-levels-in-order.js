/*---
description: console.log/info/warn/error/debug are captured in call order with their level
rules: [S8]
expect:
  status: ok
  console:
    - { level: log, message: "one" }
    - { level: info, message: "two" }
    - { level: warn, message: "three" }
    - { level: error, message: "four" }
    - { level: debug, message: "five" }
    - { level: log, message: "six" }
  diagnosticsExact: []
---*/
console.log("one")
console.info("two")
console.warn("three")
console.error("four")
console.debug("five")
await sleep(10)
console.log("six")
