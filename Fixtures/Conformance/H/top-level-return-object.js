/*---
description: a top-level return of an object publishes that object as the card's bindings (a choice; the docs ask for no return)
rules: [H3]
edition: harmony
expect:
  status: ok
  outputs: { startTime: 1796083200000 }
  diagnostics: [{ code: top-level-return, severity: info }]
---*/
const endTime = Date.parse("2026-12-01T00:00:00Z")
return { startTime: endTime }
