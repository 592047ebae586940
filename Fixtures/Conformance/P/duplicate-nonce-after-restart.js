/*---
description: >-
  a receiver that restarts keeps what it acknowledged: it reloads the stored nonces and activity, so a replay of an
  acknowledged nonce is still refused with duplicate-nonce (here the in-process store; Tests/PushReceiverTests
  HTTPContractTests.testDuplicateNonceAlsoAfterARestart restarts a real receiver on its SQLite file, and
  Tests/CLITests/PushServeTests kills widgethost serve with SIGKILL under load and finds every acknowledged nonce
  refused after the restart)
rules: [P6, P11]
pushes:
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, timestamp: 1795939200, nonce: once }
  - { at: "+5s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":0}' }, timestamp: 1795939205, nonce: refused, sound_mode: loud } }
  - { at: "+1m", restart: true }
  - { at: "+1m", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":2}' }, timestamp: 1795939260, nonce: once } }
  - { at: "+1m", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":2}' }, timestamp: 1795939260, nonce: refused } }
expect:
  pushes:
    - { status: accepted }
    - { status: refused, reason: invalid-value }
    - { restart: true, at: "2026-11-29T08:01:00.000Z", activities: 1, nonces: 1 }
    - { status: refused, http: 409, reason: duplicate-nonce, activity: { last_nonce: once, content: { t: 1 } } }
    - { status: accepted, http: 200, activity: { number: 1, content: { t: 2 }, updates: 1 } }
---*/
// The pushes above are the fixture. A push never runs this script (L5).
