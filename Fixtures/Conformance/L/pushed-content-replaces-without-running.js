/*---
description: >-
  pushed content is exactly content_state.data: it replaces the activity's content (no merge with the script's
  outputs) and the script does not run for it, on the device's timeline and on the receiver
rules: [L5, L2]
kind: live
now: 2026-11-29T08:00:00Z
simulate: { hours: 0.75 }
registry: { users: [{ push_id: user-1, widgets: [{ id: live-1, active_on_device: true }] }] }
pushes:
  - { at: "+10m", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"title":"pushed"}' }, timestamp: 1795939800, nonce: u1 } }
  - { at: "+20m", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"title":"pushed again","n":2}' }, timestamp: 1795940400, nonce: u2 } }
expect:
  outputs: { title: from the script, extra: 1 }
  pushes:
    - { status: accepted, activity: { started_by: device, content: { title: pushed } } }
    - { status: accepted, activity: { content: { title: pushed again, n: 2 }, updates: 2 } }
  timeline:
    refreshCount: 1
    liveActivities:
      - { activity: 1, startedBy: script, state: active, updates: 2, content: { title: pushed again, n: 2 } }
---*/
let title = "from the script", extra = 1
setUpdateFreq(60)
