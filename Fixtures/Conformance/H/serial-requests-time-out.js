/*---
description: two requests awaited one after the other, each answered after 3 s, pass the 4.5 s limit and end timeout
rules: [H4]
edition: harmony
fixtures: slow-answers.fixtures.json
expect:
  status: timeout
  outputs: {}
  diagnostics: [time-limit]
---*/
const first = await new Request("https://api.example.com/a").fetchJSON()
const second = await new Request("https://api.example.com/b").fetchJSON()
const total = first.n + second.n
