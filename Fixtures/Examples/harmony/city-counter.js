/*---
description: a square desk card that reads the user's settings and counts its refreshes in Shared, which every 2*2 desk card sees
edition: harmony
kind: desk
dimension: "2*2"
now: 2026-11-29T08:00:00Z
tz: Asia/Shanghai
profile: { harmony: { settings: { schemaVersion: 2, items: [], values: { city: "杭州", showCount: true } } } }
expect:
  status: ok
  outputs: { city: "杭州", label: "第 1 次刷新", showCount: true }
  nextRefresh: { reason: default }
  diagnosticsExact: []
---*/
// A HarmonyOS desk card (2*2) that reads its settings and keeps a count shared by every card of the
// same kind and dimension.
//
//   widgethost run Fixtures/Examples/harmony/city-counter.js --edition harmony --kind desk --dimension 2*2 \
//     --profile Fixtures/Examples/harmony/city-counter.profile.json
//
// Setting holds what the user filled in the card's settings; Setting.get gives "" for a missing key.
// Shared is one store for all 2*2 desk cards (a 2*4 card has its own); Config would be this card's
// alone. Both are written when the run ends ok.

let city = Setting.get("city", "北京")
let showCount = Setting.bool("showCount")

const _count = Shared.get("refreshes", 0) + 1
Shared.set("refreshes", _count)
let label = showCount ? `第 ${_count} 次刷新` : ""
