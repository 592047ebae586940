/*---
description: Intl.DateTimeFormat format() with undefined, a detached format, and formatToParts() without a date all read the virtual now (set far from the real date)
rules: [T1, T4]
now: 2030-01-01T00:00:00Z
expect:
  status: ok
  outputs: { a: "2030", b: "2030", c: "1/1/2030", h: "2030" }
---*/
const _f = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "numeric" })
let a = _f.format(undefined)
let b = _f.formatToParts().find((p) => p.type === "year").value
let c = new Date().toLocaleDateString("en-US", { timeZone: "UTC" })
const _detached = _f.format
let h = _detached()
