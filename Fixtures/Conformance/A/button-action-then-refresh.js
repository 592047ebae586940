/*---
description: >-
  a button's action runs as its own script, in its own context but with the widget's storage, and the widget
  refreshes when it ends, seeing what the action stored but none of its bindings; the tool reports both runs as
  widgethost.action/1
rules: [A8, X1]
kind: button
action: |
  let taps = Number(getValue("taps") || "0") + 1
  setValue("taps", String(taps))
  var secret = "action only"
  await sleep(2000)
expect:
  action: { status: ok, script: action.js, outputs: { taps: 1, secret: action only }, finishedAt: "2026-11-29T08:00:02.000+00:00" }
  status: ok
  outputs: { taps: "1", secretVisible: false }
  report:
    schema: widgethost.action/1
    action: { schema: widgethost.run/1, script: action.js }
    refresh: { schema: widgethost.run/1, script: button-action-then-refresh.js, startedAt: "2026-11-29T08:00:02.000+00:00" }
  exitCode: 0
---*/
let taps = getValue("taps")
let secretVisible = typeof secret !== "undefined"
