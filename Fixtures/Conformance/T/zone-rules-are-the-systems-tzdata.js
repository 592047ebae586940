/*---
description: the script's Date and Intl follow the system's current tzdata, as the report's times do (Mexico City without daylight time since 2022, Almaty at +05 since 2024)
rules: [T2]
now: 2026-07-01T12:00:00Z
tz: America/Mexico_City
locale: en-US
expect:
  status: ok
  outputs:
    hours: 6
    offset: 360
    text: "Wed Jul 01 2026 06:00:00 GMT-0600 (Central Standard Time)"
    almaty: "GMT+05:00"
    nuuk: "GMT-02:00"
    asuncion: "GMT-03:00"
    cairo: "GMT+03:00"
  report: { startedAt: "2026-07-01T06:00:00.000-06:00", zone: "America/Mexico_City" }
  diagnosticsExact: []
---*/
let hours = new Date().getHours()
let offset = new Date().getTimezoneOffset()
let text = new Date().toString()
const _offset = (zone, t) => new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
  .formatToParts(t).find((p) => p.type === 'timeZoneName').value
let almaty = _offset('Asia/Almaty', Date.UTC(2025, 5, 1))
let nuuk = _offset('America/Nuuk', Date.UTC(2026, 0, 15))
let asuncion = _offset('America/Asuncion', Date.UTC(2026, 6, 15))
let cairo = _offset('Africa/Cairo', Date.UTC(2026, 6, 15))
