/*---
description: >-
  Setting reads the profile's values (the app's envelope too), get's default is "", set takes the key first and in a
  card refresh changes the run's memory (that the next refresh does not see it is HarmonyTapAndRequestTests')
rules: [H10]
edition: harmony
profile: { harmony: { settings: { schemaVersion: 2, items: [], values: { city: "北京", days: 3, on: true } } } }
expect:
  status: ok
  outputs: { city: "北京", days: 3, on: true, none: "", withDefault: "x", changed: "广州", all: { city: "广州", days: 3, on: true } }
  diagnosticsExact: []
---*/
const city = Setting.get("city")
const days = Setting.number("days")
const on = Setting.bool("on")
const none = Setting.get("missing")
const withDefault = Setting.get("missing", "x")
Setting.set("city", "广州")
const changed = Setting.get("city")
const all = Setting.all()
