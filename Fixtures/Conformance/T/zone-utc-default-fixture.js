/*---
description: with tz UTC the offset is 0 and local and UTC getters agree
rules: [T2, T1]
tz: UTC
expect:
  status: ok
  outputs: { offset: 0, hours: 8, utcHours: 8, zone: "UTC" }
---*/
let offset = new Date().getTimezoneOffset()
let hours = new Date().getHours()
let utcHours = new Date().getUTCHours()
let zone = Intl.DateTimeFormat().resolvedOptions().timeZone
