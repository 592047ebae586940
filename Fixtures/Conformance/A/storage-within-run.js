/*---
description: setValue/getValue keep strings and Config keeps JSON types
rules: [A4]
expect:
  status: ok
  outputs: { legacy: "42", typed: 42, missing: "" }
---*/
setValue("n", 42)
let legacy = getValue("n")
Config.set("count", 42)
let typed = Config.get("count")
let missing = getValue("nothing-stored")
