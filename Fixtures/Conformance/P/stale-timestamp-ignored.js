/*---
description: a push older than the last accepted one for the activity is acknowledged but ignored (HTTP 200, status ignored, stale-timestamp) and changes nothing; an equal timestamp is not stale
rules: [P7, P10]
pushes:
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"score":"0:0"}' }, timestamp: 1795939210, nonce: a }
  - { at: "+20s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"score":"9:9"}' }, timestamp: 1795939209, nonce: b } }
  - { at: "+21s", body: { user_id: user-1, widget_id: live-1, type: end, timestamp: 1795939205, nonce: c } }
  - { at: "+22s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"score":"1:0"}' }, timestamp: 1795939210, nonce: d } }
  - { at: "+23s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"score":"9:9"}' }, timestamp: 1795939209, nonce: b } }
expect:
  pushes:
    - { status: accepted, http: 200 }
    - { ok: true, status: ignored, http: 200, exitCode: 0, reason: stale-timestamp, field: timestamp, message: "is older than the last accepted push for this activity (1795939210)", activity: { state: active, content: { score: "0:0" }, updates: 0 } }
    - { ok: true, status: ignored, reason: stale-timestamp, activity: { state: active } }
    - { status: accepted, reason: null, activity: { content: { score: "1:0" }, updates: 1, last_timestamp: 1795939210 } }
    - { status: refused, http: 409, reason: duplicate-nonce }
  stored:
    - { nonce: a, status: accepted }
    - { nonce: b, status: ignored, reason: stale-timestamp }
    - { nonce: c, status: ignored, reason: stale-timestamp }
    - { nonce: d, status: accepted }
---*/
// An ignored push is acknowledged, so it is stored and its nonce is used up (the last push replays b).
