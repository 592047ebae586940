/*---
description: an Error prints as "Name: message" and a Date as its ISO string at the virtual now, also inside objects (as JSON)
rules: [S8, T1]
expect:
  status: ok
  console:
    - "Error: boom"
    - { level: error, message: "failed: TypeError: bad type" }
    - "2026-11-29T08:00:00.000Z"
    - '{"when":"2026-11-29T08:00:00.000Z"}'
---*/
console.log(new Error("boom"))
console.error("failed:", new TypeError("bad type"))
console.log(new Date())
console.log({ when: new Date() })
