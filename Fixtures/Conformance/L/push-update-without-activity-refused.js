/*---
description: >-
  an update or end addressed to an activity that is not active is refused with no-active-activity and changes
  nothing, both on the receiver (HTTP 409) and on the device's timeline; a push start brings a new activity
rules: [L4, L1, L3]
kind: live
now: 2026-11-29T08:00:00Z
simulate: { hours: 2 }
pushes:
  - { at: "+30m", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"title":"late"}' }, timestamp: 1795941000, nonce: u1 } }
  - { at: "+40m", body: { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"title":"pushed"}' }, timestamp: 1795941600, nonce: s1 } }
  - { at: "+50m", body: { user_id: user-1, widget_id: live-1, type: end, timestamp: 1795942200, nonce: e1 } }
  - { at: "+60m", body: { user_id: user-1, widget_id: live-1, type: end, content_state: { data: '{"title":"again"}' }, timestamp: 1795942800, nonce: e2 } }
expect:
  liveActivity: { state: ended, endedAt: "2026-11-29T08:00:00.000+00:00" }
  pushes:
    - { status: refused, http: 409, reason: no-active-activity, message: "none was started", activity: null }
    - { status: accepted, activity: { number: 1, state: active } }
    - { status: accepted, activity: { state: ended, content: { title: pushed } } }
    - { status: refused, http: 409, reason: no-active-activity, message: "its last one (#1) ended at 2026-11-29T08:50:00.000Z", activity: { state: ended, content: { title: pushed } } }
  timeline:
    refreshCount: 1
    liveActivities:
      - { activity: 1, startedBy: script, ending: script, updates: 0, content: { title: local } }
      - { activity: 2, startedBy: push, started: "2026-11-29T08:40:00.000+00:00", ending: push, ended: "2026-11-29T08:50:00.000+00:00", updates: 0, content: { title: pushed } }
---*/
let title = "local"
endLiveActivity()
