/*---
description: America/New_York switches from EST (UTC-5) to EDT (UTC-4) at 2026-03-08 02:00 local; local getters and offsets follow
rules: [T2]
tz: America/New_York
now: 2026-03-08T06:30:00Z
expect:
  status: ok
  outputs:
    before: { hours: 1, offset: 300 }
    after: { hours: 3, offset: 240 }
    noonLocal: "2026-03-08T16:00:00.000Z"
    summer: { hours: 8, offset: 240 }
    winter: { hours: 7, offset: 300 }
  events:
    - { type: setUpdateTime, valid: true, at: "2026-03-08T01:30:00.000-05:00" }
  nextRefresh: { reason: updateTime, requested: "2026-03-08T03:30:00.000-04:00" }
---*/
const _now = new Date()
let before = { hours: _now.getHours(), offset: _now.getTimezoneOffset() }
const _later = new Date(Date.now() + 60 * 60 * 1000)
let after = { hours: _later.getHours(), offset: _later.getTimezoneOffset() }
let noonLocal = new Date(2026, 2, 8, 12).toISOString()
const _s = new Date("2026-07-01T12:00:00Z")
let summer = { hours: _s.getHours(), offset: _s.getTimezoneOffset() }
const _w = new Date("2026-12-01T12:00:00Z")
let winter = { hours: _w.getHours(), offset: _w.getTimezoneOffset() }
setUpdateTime(_later)
