/*---
description: >-
  the content state must fit 4096 bytes as it travels ({"data":"…","isLoading":false}, data escaped once more):
  4055 plain characters fit and 4056 do not; 1013 escaped quotes (2026 bytes of data) fit and 1014 do not,
  because each travels as 4 bytes (a content state that fits but makes the whole payload too large is accepted with
  apns-payload-too-large)
rules: [P9]
registry: { users: [{ push_id: user-1, widgets: [{ id: live-1, active_on_device: true }] }] }
pushes:
  - { repeat: { FILL: [x, 4055] }, body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":"FILL"}' }, timestamp: 1795939200, nonce: a } }
  - { repeat: { FILL: [x, 4056] }, body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":"FILL"}' }, timestamp: 1795939200, nonce: b } }
  - { repeat: { FILL: ['\\\"', 1013] }, body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":"FILL"}' }, timestamp: 1795939200, nonce: c } }
  - { repeat: { FILL: ['\\\"', 1014] }, body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":"FILL"}' }, timestamp: 1795939200, nonce: d } }
expect:
  pushes:
    - { status: accepted, http: 200, warnings: [{ code: apns-payload-too-large, message: "The whole APNs payload is 4197 bytes" }] }
    - { status: refused, http: 413, reason: payload-too-large, field: content_state, message: "content_state is 4097 bytes as it travels to the device" }
    - { status: accepted, http: 200 }
    - { status: refused, http: 413, reason: payload-too-large, message: "content_state is 4097 bytes" }
---*/
// The pushes above are the fixture. A push never runs this script (L5).
