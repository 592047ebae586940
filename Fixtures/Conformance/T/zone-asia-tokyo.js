/*---
description: in Asia/Tokyo local getters and the offset follow UTC+9, and report times carry +09:00
rules: [T2]
tz: Asia/Tokyo
locale: en-US
expect:
  status: ok
  outputs: { hours: 17, offset: -540, zone: "Asia/Tokyo", text: "Sun Nov 29 2026 17:00:00 GMT+0900 (Japan Standard Time)", midnight: "2026-11-28T15:00:00.000Z" }
  events:
    - { type: setUpdateFreq, args: [30], valid: true, at: "2026-11-29T17:00:00.000+09:00" }
  nextRefresh: { reason: frequency, requested: "2026-11-29T17:30:00.000+09:00" }
---*/
let hours = new Date().getHours()
let offset = new Date().getTimezoneOffset()
let zone = Intl.DateTimeFormat().resolvedOptions().timeZone
let text = new Date().toString()
const _d = new Date()
_d.setHours(0, 0, 0, 0)
let midnight = _d.toISOString()
setUpdateFreq(30)
