/*---
description: button taps refresh the card at once and are not counted against the day's quota
rules: [H8]
edition: harmony
simulate: { hours: 2, taps: ["+10m", "+20m"] }
expect:
  status: ok
  timeline: { refreshCount: 6, chargedCount: 3, freeCount: 3 }
---*/
setUpdateFreq(30)
