/*---
description: a frequency does not stay in force: each run asks anew, and a run that asks for nothing gets the card's periodic refresh, every 30 minutes (a choice)
rules: [H7]
edition: harmony
simulate: { hours: 2 }
expect:
  status: ok
  nextRefresh: { reason: frequency }
  timeline: { refreshCount: 5 }
---*/
const runs = Config.get("runs", 0) + 1
Config.set("runs", runs)
if (runs === 1) setUpdateFreq(10)
