/*---
description: >-
  a button's tap runs its snippet appended to the end of the card's script, one run: the snippet calls a function
  of the script and changes its top-level variable, and the card's bindings are that run's; there is no action run
rules: [H14, X1]
edition: harmony
action: |
  increment()
expect:
  status: ok
  outputs: { before: 0, counter: 1 }
  report: { schema: widgethost.action/1, action: null, snippetLine: 23 }
  exitCode: 0
---*/
let before = Config.get("counter", 0)
let counter = before

function increment() {
  counter = counter + 1
  Config.set("counter", counter)
}
