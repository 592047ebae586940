/*---
description: Europe/Berlin is UTC+1 in winter and UTC+2 in summer (from 2026-03-29); local dates are built in that zone
rules: [T2]
tz: Europe/Berlin
expect:
  status: ok
  outputs:
    hours: 9
    offset: -60
    summerOffset: -120
    summerHours: 14
    tomorrowMidnight: "2026-11-29T23:00:00.000Z"
    localString: "11/29/2026, 9:00:00 AM"
  events:
    - { type: setUpdateTime, args: [1795993200000], valid: true, at: "2026-11-29T09:00:00.000+01:00" }
  nextRefresh: { reason: updateTime, requested: "2026-11-30T00:00:00.000+01:00" }
---*/
let hours = new Date().getHours()
let offset = new Date().getTimezoneOffset()
let summerOffset = new Date("2026-07-01T12:00:00Z").getTimezoneOffset()
let summerHours = new Date("2026-07-01T12:00:00Z").getHours()
const _t = new Date()
_t.setDate(_t.getDate() + 1)
_t.setHours(0, 0, 0, 0)
let tomorrowMidnight = _t.toISOString()
let localString = new Date().toLocaleString("en-US")
setUpdateTime(_t.getTime())
