/*---
description: Setting.set in an app run persists: the card's next refresh reads it
rules: [H10]
edition: harmony
context: app
action: |
  Setting.set("city", "上海")
expect:
  action: { status: ok }
  status: ok
  outputs: { city: "上海" }
---*/
const city = Setting.get("city", "none")
