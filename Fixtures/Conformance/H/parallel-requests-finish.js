/*---
description: the same two requests under Promise.all take 3 s together and finish
rules: [H4]
edition: harmony
fixtures: slow-answers.fixtures.json
expect:
  status: ok
  outputs: { total: 3 }
  report: { finishedAt: "2026-11-29T08:00:03.000+00:00" }
  diagnosticsExact: []
---*/
const _answers = await Promise.all([
  new Request("https://api.example.com/a").fetchJSON(),
  new Request("https://api.example.com/b").fetchJSON(),
])
const total = _answers[0].n + _answers[1].n
