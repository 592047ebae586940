/*---
description: Config and Shared keep JSON types, get gives its default for a missing or null key, keys are sorted; Shared is one store for the cards of a kind and dimension
rules: [H10]
edition: harmony
kind: desk
dimension: "2*4"
expect:
  status: ok
  outputs: { a: 42, b: true, keys: [a, b], missing: "fallback", nothing: null, city: "北京", sharedKeys: [city] }
  diagnosticsExact: []
---*/
Config.set("b", true)
Config.set("a", 42)
Shared.set("city", "北京")
const a = Config.get("a")
const b = Config.get("b")
const keys = Config.keys()
const missing = Config.get("missing", "fallback")
Config.set("gone", null)
const nothing = Config.has("gone") ? "kept" : null
const city = Shared.get("city", "")
const sharedKeys = Shared.keys()
