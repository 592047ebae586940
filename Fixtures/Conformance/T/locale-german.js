/*---
description: a fixture's locale sets every formatter, collation included, and Device.language()
rules: [T5]
locale: de-DE
expect:
  status: ok
  outputs: { when: "29.11.2026, 08:00:00", number: "1.234,5", month: "November", sorted: "aäb", language: "de" }
  diagnosticsExact: []
---*/
let when = new Date().toLocaleString(undefined, { timeZone: 'UTC' })
let number = (1234.5).toLocaleString()
let month = new Intl.DateTimeFormat(undefined, { month: 'long', timeZone: 'UTC' }).format()
let sorted = ['b', 'ä', 'a'].sort((x, y) => x.localeCompare(y)).join('')
let language = Device.language()
