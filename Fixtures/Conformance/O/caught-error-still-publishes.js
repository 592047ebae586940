/*---
description: an error the script catches does not change the status, so the fallback values it assigns are published
rules: [O5, S5]
expect:
  status: ok
  outputs: { temperature: "--", message: "JSON Parse error: Expected '}'" }
  diagnosticsExact: []
---*/
let temperature
let message = ""
try {
  temperature = JSON.parse("{ not json }").value
} catch (e) {
  temperature = "--"
  message = e.message
}
