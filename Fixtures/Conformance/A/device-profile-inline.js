/*---
description: a profile laid over the default decides what Device answers
rules: [A1]
profile: { device: { systemVersion: "18.2", name: "Test iPhone" } }
expect:
  status: ok
  outputs: { version: "18.2", name: "Test iPhone" }
---*/
let version = Device.systemVersion()
let name = Device.name()
