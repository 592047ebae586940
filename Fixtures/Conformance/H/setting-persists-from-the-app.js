/*---
description: >-
  Setting.set in an app run (key first) changes the value the run reads at once; that the card's next refresh reads
  it, and not one set in a card refresh, is HarmonyTapAndRequestTests'
rules: [H10]
edition: harmony
context: app
expect:
  status: ok
  outputs: { before: "none", city: "上海" }
---*/
const before = Setting.get("city", "none")
Setting.set("city", "上海")
const city = Setting.get("city", "none")
