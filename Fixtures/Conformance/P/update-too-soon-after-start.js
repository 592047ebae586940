/*---
description: an update sooner than 3 s after a push start is accepted with an update-too-soon warning; from 3 s on it is not
rules: [P8]
pushes:
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":0}' }, timestamp: 1795939200, nonce: a }
  - { at: "+2.999s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":1}' }, timestamp: 1795939202, nonce: b } }
  - { at: "+3s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":2}' }, timestamp: 1795939203, nonce: c } }
expect:
  pushes:
    - { status: accepted, warnings: [] }
    - { status: accepted, http: 200, warnings: [{ code: update-too-soon, field: type, message: "This update came 2999 ms after the push start" }], activity: { content: { t: 1 } } }
    - { status: accepted, http: 200, warnings: [], activity: { content: { t: 2 } } }
---*/
// The pushes above are the fixture. A push never runs this script (L5).
