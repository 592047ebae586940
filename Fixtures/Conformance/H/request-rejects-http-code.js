/*---
description: a status of 400 or more rejects with "http <code>", the message as the app writes it
rules: [H9]
edition: harmony
fixtures: requests.fixtures.json
expect:
  status: ok
  outputs: { message: "http 404" }
---*/
let message = ""
try {
  await new Request("https://api.example.com/missing").fetchString()
} catch (e) {
  message = e.message
}
