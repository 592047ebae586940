/*---
description: Date.now(), new Date(), Date() and Intl.DateTimeFormat().format() all read the fixed virtual now
rules: [T1]
locale: en-US
now: 2026-11-29T08:00:00Z
expect:
  status: ok
  outputs:
    now: 1795939200000
    iso: "2026-11-29T08:00:00.000Z"
    called: "Sun Nov 29 2026 08:00:00 GMT+0000 (Coordinated Universal Time)"
    calledMatchesNew: true
    intl: "11/29/2026, 08:00:00"
    intlDefault: "11/29/2026"
    valueOf: 1795939200000
  diagnosticsExact: []
---*/
let now = Date.now()
let iso = new Date().toISOString()
let called = Date()
let calledMatchesNew = Date() === new Date().toString()
let intl = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }).format()
let intlDefault = Intl.DateTimeFormat("en-US").format()
let valueOf = +new Date()
