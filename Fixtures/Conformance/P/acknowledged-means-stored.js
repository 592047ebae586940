/*---
description: >-
  the receiver acknowledges a push only with what it stores before answering: every accepted and ignored push gets
  a row with its path, and its nonce; a refused push stores nothing; a restart reloads exactly the stored state
  (this is the contract-level part of P11 checked in process; Tests/PushReceiverTests HTTPContractTests
  .testEveryAcknowledgedPushIsStoredWithItsPath reads the rows back from SQLite, and Tests/CLITests/PushServeTests
  .testKillNineUnderLoadLosesNoAcknowledgedPush kills widgethost serve with SIGKILL under load and finds every
  acknowledged nonce refused after the restart)
rules: [P11, P12]
pushes:
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"v":1}' }, timestamp: 1795939200, nonce: p1 }
  - { at: "+5s", path: /api/sandbox/push, body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"v":2}' }, timestamp: 1795939205, nonce: p2 } }
  - { at: "+6s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"v":0}' }, timestamp: 1795939190, nonce: p3 } }
  - { at: "+7s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"v":3}' }, timestamp: 1795939207, nonce: p2 } }
  - { at: "+8s", body: { user_id: stranger, widget_id: live-1, type: update, content_state: { data: '{"v":3}' }, timestamp: 1795939208, nonce: p4 } }
  - { at: "+10s", restart: true }
  - { at: "+11s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"v":4}' }, timestamp: 1795939211, nonce: p3 } }
  - { at: "+12s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"v":4}' }, timestamp: 1795939212, nonce: p4 } }
expect:
  pushes:
    - { status: accepted }
    - { status: accepted, path: /api/sandbox/push }
    - { status: ignored, reason: stale-timestamp }
    - { status: refused, reason: duplicate-nonce }
    - { status: refused, reason: unknown-user }
    - { restart: true, activities: 1, nonces: 3 }
    - { status: refused, reason: duplicate-nonce, activity: { content: { v: 2 }, last_nonce: p2, last_path: /api/sandbox/push } }
    - { status: accepted, activity: { content: { v: 4 }, last_path: /api/push } }
  stored:
    - { received_at: "2026-11-29T08:00:00.000Z", path: /api/push, environment: production, user_id: user-1, widget_id: live-1, type: start, timestamp: 1795939200, nonce: p1, status: accepted, reason: null, activity_number: 1 }
    - { path: /api/sandbox/push, environment: sandbox, type: update, nonce: p2, status: accepted }
    - { path: /api/push, nonce: p3, status: ignored, reason: stale-timestamp, activity_number: 1 }
    - { path: /api/push, nonce: p4, status: accepted, received_at: "2026-11-29T08:00:12.000Z" }
---*/
// The pushes above are the fixture. A push never runs this script (L5).
