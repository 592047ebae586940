/*---
description: a wide desk card that fetches two quotes together with Promise.all, inside the card's 4.5 s
edition: harmony
kind: desk
dimension: "2*4"
now: 2026-11-29T08:00:00Z
tz: Asia/Shanghai
fixtures: market-board.fixtures.json
expect:
  status: ok
  outputs: { title: "行情", gold: "612.40", silver: "7.85", trend: "▲", updated: "16:00" }
  nextRefresh: { reason: frequency, requested: "2026-11-29T16:15:01.500+08:00" }
  diagnosticsExact: []
---*/
// A HarmonyOS desk card (2*4) written as the edition's docs write scripts: top-level code, every
// binding a top-level let or const at the start of its line, no return.
//
//   widgethost run Fixtures/Examples/harmony/market-board.js --edition harmony --kind desk --dimension 2*4 \
//     --fixtures Fixtures/Examples/harmony/market-board.fixtures.json
//
// The card side has 4.5 s for the whole run. Two requests awaited one after the other each spend their
// own time; under Promise.all they wait together (each answers after 1.5 s here, so 1.5 s in all).

const [_gold, _silver] = await Promise.all([
  new Request("https://quotes.example.com/v1/gold").fetchJSON(),
  new Request("https://quotes.example.com/v1/silver").fetchJSON(),
])

let title = "行情"
let gold = _gold.price.toFixed(2)
let silver = _silver.price.toFixed(2)
let trend = _gold.change >= 0 ? "▲" : "▼"
let updated = new Date().toTimeString().slice(0, 5)

// A lower bound: the system refreshes no sooner, and at most 50 timed refreshes a day.
setUpdateFreq(15)
