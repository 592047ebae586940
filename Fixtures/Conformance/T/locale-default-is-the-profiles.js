/*---
description: a run formats in the built-in profile's locale, zh-CN, and Device.language() is its language
rules: [T5]
expect:
  status: ok
  outputs: { when: "2026/11/29 08:00:00", number: "1,234.5", locale: "zh-CN", language: "zh" }
  diagnosticsExact: []
---*/
let when = new Date().toLocaleString(undefined, { timeZone: 'UTC' })
let number = (1234.5).toLocaleString()
let locale = Intl.DateTimeFormat().resolvedOptions().locale
let language = Device.language()
