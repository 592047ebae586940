/*---
description: Intl.DateTimeFormat with an explicit timeZone formats the virtual now in that zone regardless of the run's zone
rules: [T1, T2]
tz: America/New_York
expect:
  status: ok
  outputs:
    tokyo: "11/29/2026, 17:00"
    london: "11/29/2026, 08:00"
    local: "11/29/2026, 03:00"
---*/
const _opts = { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
let tokyo = new Intl.DateTimeFormat("en-US", { ..._opts, timeZone: "Asia/Tokyo" }).format()
let london = new Intl.DateTimeFormat("en-US", { ..._opts, timeZone: "Europe/London" }).format()
let local = new Intl.DateTimeFormat("en-US", _opts).format()
