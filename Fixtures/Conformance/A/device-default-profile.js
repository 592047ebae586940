/*---
description: with no profile, every Device call answers from the built-in default, with the documented shapes
rules: [A1]
expect:
  status: ok
  outputsInclude: { version: "string", dark: "boolean", screenKeys: ["height", "scale", "width"], batteryState: "string" }
---*/
let version = typeof Device.systemVersion()
let dark = typeof Device.isdarkmode()
let screenKeys = Object.keys(Device.screen()).sort()
let batteryState = typeof Device.battery().state
