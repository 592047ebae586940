/*---
description: a run that fails stores nothing (a choice): what a failed action wrote to Config and Shared is gone when the card refreshes
rules: [H4, H10]
edition: harmony
action: |
  Config.set("x", 1)
  Shared.set("y", 2)
  throw new Error("the action failed")
expect:
  action: { status: error }
  status: ok
  outputs: { x: none, y: none }
---*/
const x = Config.get("x", "none")
const y = Shared.get("y", "none")
