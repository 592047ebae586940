/*---
description: >-
  a nonce is all of its bytes, a NUL inside it included: "n\u0000A", "n" and "n\u0000B" are three nonces, each
  accepted once and refused as duplicate-nonce when sent again, also after a restart (Tests/PushReceiverTests
  StoreFilesTests.testNoncesWithANULAreStoredWhole stores them in SQLite and reads them back byte for byte; a text
  bound as a C string would have stored "n" for all three)
rules: [P2, P6]
pushes:
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, timestamp: 1795939200, nonce: "n\u0000A" }
  - { at: "+5s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":2}' }, timestamp: 1795939205, nonce: "n" } }
  - { at: "+6s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":3}' }, timestamp: 1795939206, nonce: "n\u0000B" } }
  - { at: "+7s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":4}' }, timestamp: 1795939207, nonce: "n\u0000A" } }
  - { at: "+8s", restart: true }
  - { at: "+9s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":5}' }, timestamp: 1795939209, nonce: "n\u0000B" } }
  - { at: "+10s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":6}' }, timestamp: 1795939210, nonce: "n\u0000C" } }
expect:
  pushes:
    - { status: accepted, http: 200 }
    - { status: accepted, http: 200 }
    - { status: accepted, http: 200 }
    - { status: refused, http: 409, reason: duplicate-nonce }
    - { restart: true, nonces: 3 }
    - { status: refused, http: 409, reason: duplicate-nonce }
    - { status: accepted, http: 200, activity: { content: { t: 6 } } }
---*/
// The pushes above are the fixture. A push never runs this script (L5).
