/*---
description: a nonce already accepted for the same Push ID is refused with HTTP 409 duplicate-nonce, on either path; a refused push does not use up its nonce, and nonces are per Push ID
rules: [P6, P12]
registry: { users: [{ push_id: user-1, widgets: [live-1] }, { push_id: user-2, widgets: [live-2] }] }
pushes:
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, timestamp: 1795939200, nonce: n1 }
  - { at: "+5s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":2}' }, timestamp: 1795939205, nonce: n1 } }
  - { at: "+6s", path: /api/sandbox/push, body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":2}' }, timestamp: 1795939206, nonce: n1 } }
  - { at: "+7s", body: { user_id: user-1, widget_id: nope, type: update, content_state: { data: '{"t":3}' }, timestamp: 1795939207, nonce: n2 } }
  - { at: "+8s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":3}' }, timestamp: 1795939208, nonce: n2 } }
  - { at: "+9s", body: { user_id: user-2, widget_id: live-2, type: start, content_state: { data: '{"t":9}' }, timestamp: 1795939209, nonce: n1 } }
expect:
  pushes:
    - { status: accepted, http: 200 }
    - { ok: false, status: refused, http: 409, reason: duplicate-nonce, field: nonce, message: 'nonce "n1" was already accepted for this Push ID', activity: { content: { t: 1 } } }
    - { status: refused, http: 409, reason: duplicate-nonce, path: /api/sandbox/push }
    - { status: refused, http: 404, reason: unknown-widget }
    - { status: accepted, http: 200, nonce: n2, activity: { content: { t: 3 } } }
    - { status: accepted, http: 200, nonce: n1 }
  activities:
    - { user_id: user-1, widget_id: live-1, last_nonce: n2 }
    - { user_id: user-2, widget_id: live-2, last_nonce: n1 }
---*/
// The pushes above are the fixture. A push never runs this script (L5).
