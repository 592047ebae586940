/*---
description: when the content state fits but the whole APNs payload (alert included) is above 4096 bytes, the push is accepted with an apns-payload-too-large warning
rules: [P9, P4]
pushes:
  - { repeat: { TITLE: [T, 4000] }, body: { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, alert_title: TITLE, timestamp: 1795939200, nonce: a } }
expect:
  pushes:
    - { status: accepted, http: 200, warnings: [{ code: apns-payload-too-large, field: content_state, message: "above Apple's 4096; APNs would refuse it" }] }
---*/
// The pushes above are the fixture. A push never runs this script (L5).
