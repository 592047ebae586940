/*---
description: widgethost push --send exits 0 when the receiver acknowledges the push (accepted or ignored) and 1 when it refuses it, whatever the HTTP status
rules: [X2, P10]
pushes:
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, timestamp: 1795939200, nonce: a }
  - { at: "+5s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":0}' }, timestamp: 1795939199, nonce: b } }
  - { at: "+6s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":2}' }, timestamp: 1795939206, nonce: a } }
  - { at: "+7s", body: "not json" }
  - { at: "+8s", method: DELETE, body: "" }
expect:
  pushes:
    - { status: accepted, http: 200, exitCode: 0 }
    - { status: ignored, http: 200, exitCode: 0 }
    - { status: refused, http: 409, exitCode: 1 }
    - { status: refused, http: 400, exitCode: 1 }
    - { status: refused, http: 405, exitCode: 1 }
---*/
// The pushes above are the fixture. A push never runs this script (L5).
