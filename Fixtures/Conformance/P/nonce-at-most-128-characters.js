/*---
description: a nonce of 128 characters is accepted and one of 129 is refused as invalid-value; characters are counted, not bytes
rules: [P2]
pushes:
  - { repeat: { NONCE: ["é", 128] }, body: { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, timestamp: 1795939200, nonce: NONCE } }
  - { at: "+5s", repeat: { NONCE: ["n", 129] }, body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":2}' }, timestamp: 1795939205, nonce: NONCE } }
expect:
  pushes:
    - { status: accepted, http: 200 }
    - { status: refused, http: 400, reason: invalid-value, field: nonce, message: "nonce is 129 characters long; use at most 128" }
---*/
// "é" is two bytes in UTF-8: 128 of them are 256 bytes but 128 characters.
