/*---
description: >-
  the fixture runner is a library client: one fixture here is what widgethost run, simulate --pushes and serve do,
  through the same library calls (ScriptHost.run, Simulation, PushSchedule, PushLedger), with the report, exit code
  and stderr lines the tool itself would print (the 19:00 refresh re-runs the script between the two pushes, so the
  activity's content changes three times)
rules: [X4, X1, L2]
kind: live
now: 2026-11-29T18:00:00Z
tz: Europe/Berlin
simulate: { hours: 2 }
registry: { users: [{ push_id: user-1, widgets: [{ id: live-1, active_on_device: true }] }] }
pushes:
  - { at: "+30m", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"score":"1:0"}' }, timestamp: 1795977000, nonce: goal } }
  - { at: "+90m", body: { user_id: user-1, widget_id: live-1, type: end, content_state: { data: '{"score":"1:0","final":true}' }, timestamp: 1795980600, nonce: whistle } }
expect:
  report: { schema: widgethost.run/1, kind: live, status: ok, outputs: { score: "0:0" }, liveActivity: { state: active } }
  exitCode: 0
  stderr: []
  pushes:
    - { status: accepted, exitCode: 0, activity: { content: { score: "1:0" } } }
    - { status: accepted, exitCode: 0, activity: { state: ended, ending: push, content: { score: "1:0", final: true } } }
  timeline:
    refreshCount: 2
    liveActivities:
      - { startedBy: script, ending: push, ended: "2026-11-29T20:30:00.000+01:00", updates: 3, content: { score: "1:0", final: true } }
---*/
let score = "0:0"
setUpdateFreq(60)
