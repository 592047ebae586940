/*---
description: the sandbox path decides exactly like the production path (same checks, same activity, same nonces) and every stored push records which path it came through
rules: [P12]
pushes:
  - { path: /api/sandbox/push, body: { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"v":1}' }, timestamp: 1795939200, nonce: s1 } }
  - { path: /api/sandbox/push, body: { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"v":1}' }, timestamp: 1795939200, nonce: s1 } }
  - { path: /api/sandbox/push, body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"v":1}' }, timestamp: 1, nonce: s2 } }
  - { path: /api/sandbox/push, body: '{"user_id": "user-1"' }
  - { path: /api/sandbox/push, method: GET, body: "" }
  - { at: "+5s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"v":2}' }, timestamp: 1795939205, nonce: p1 } }
  - { at: "+6s", path: /api/sandbox/push, body: { user_id: user-1, widget_id: live-1, type: end, timestamp: 1795939206, nonce: s3 } }
expect:
  pushes:
    - { status: accepted, path: /api/sandbox/push, environment: sandbox, activity: { last_path: /api/sandbox/push } }
    - { status: refused, http: 409, reason: duplicate-nonce, environment: sandbox }
    - { status: refused, http: 400, reason: timestamp-out-of-window }
    - { status: refused, http: 400, reason: malformed-json, path: /api/sandbox/push }
    - { status: refused, http: 405, reason: method-not-allowed, path: /api/sandbox/push }
    - { status: accepted, path: /api/push, environment: production, activity: { number: 1, last_path: /api/push } }
    - { status: accepted, environment: sandbox, activity: { state: ended, number: 1, last_path: /api/sandbox/push } }
  stored:
    - { nonce: s1, path: /api/sandbox/push, environment: sandbox }
    - { nonce: p1, path: /api/push, environment: production }
    - { nonce: s3, path: /api/sandbox/push, environment: sandbox }
  activities:
    - { state: ended, ending: push, last_nonce: s3, last_path: /api/sandbox/push }
---*/
// The pushes above are the fixture. A push never runs this script (L5).
