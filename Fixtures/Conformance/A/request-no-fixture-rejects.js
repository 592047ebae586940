/*---
description: in replay, a request with no matching fixture rejects with a message naming the method and URL
rules: [A3]
expect:
  status: ok
  outputsInclude: { named: true }
---*/
let named = false
try {
  await new Request("https://nowhere.example/data").fetchString()
} catch (e) {
  named = String(e.message).includes("GET") && String(e.message).includes("https://nowhere.example/data")
}
