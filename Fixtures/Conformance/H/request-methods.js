/*---
description: >-
  Request sends the methods the network page lists in any case ("get" is GET); another method (PATCH) rejects the
  fetch with a TypeError, a choice: the page documents no rejection
rules: [H9]
edition: harmony
fixtures: requests.fixtures.json
expect:
  status: ok
  outputs: { lower: "http 404", patch: TypeError }
---*/
const _get = new Request("https://api.example.com/missing")
_get.method = "get"
let lower = ""
try { await _get.fetchString() } catch (e) { lower = e.message }
const _patch = new Request("https://api.example.com/missing")
_patch.method = "PATCH"
let patch = ""
try { await _patch.fetchString() } catch (e) { patch = e.name }
