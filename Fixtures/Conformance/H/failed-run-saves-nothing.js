/*---
description: >-
  a tap whose snippet throws ends the card's one run in error: it publishes nothing (the card keeps its last good
  bindings) and what it wrote to Config and Shared is dropped (H10's choice, pinned across runs by HarmonyEditionTests)
rules: [H4, H10, H14]
edition: harmony
action: |
  Config.set("x", 1)
  Shared.set("y", 2)
  throw new Error("the snippet failed")
expect:
  status: error
  outputs: {}
  exitCode: 1
---*/
const x = Config.get("x", "none")
const y = Shared.get("y", "none")
