/*---
description: a body of exactly 64 KiB (65536 bytes) is read and accepted; one byte more is refused with HTTP 413 body-too-large before anything else is checked
rules: [P1]
pushes:
  - { padTo: 65536, body: { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, timestamp: 1795939200, nonce: at-limit } }
  - { padTo: 65537, body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":2}' }, timestamp: 1795939200, nonce: over-limit } }
  - { at: "+5s", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":3}' }, timestamp: 1795939205, nonce: over-limit } }
expect:
  pushes:
    - { status: accepted, http: 200 }
    - { status: refused, http: 413, reason: body-too-large, message: "The body is 65537 bytes; the limit is 65536 (64 KiB)." }
    - { status: accepted, http: 200, nonce: over-limit, activity: { content: { t: 3 } } }
---*/
// The third push reuses the refused push's nonce: a refused push does not use up its nonce (P6).
