/*---
description: a Date output becomes its ISO 8601 string (UTC, as JSON.stringify gives), also nested; an invalid Date becomes null
rules: [O3, T1]
tz: Europe/Berlin
expect:
  status: ok
  outputs:
    now: "2026-11-29T08:00:00.000Z"
    fixed: "2026-07-01T12:30:00.000Z"
    nested: { at: ["1970-01-01T00:00:00.000Z"] }
    invalid: null
  diagnosticsExact: []
---*/
let now = new Date()
let fixed = new Date(Date.UTC(2026, 6, 1, 12, 30))
let nested = { at: [new Date(0)] }
let invalid = new Date("not a date")
