/*---
description: a missing or wrongly typed field is refused with HTTP 400 and a reason naming the field; types are exact (a timestamp in quotes or with a fraction is refused)
rules: [P2, P10]
pushes:
  - { widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, timestamp: 1795939200, nonce: a }
  - { user_id: 12, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, timestamp: 1795939200, nonce: a }
  - { user_id: user-1, widget_id: "", type: start, content_state: { data: '{"t":1}' }, timestamp: 1795939200, nonce: a }
  - { user_id: user-1, widget_id: live-1, type: begin, content_state: { data: '{"t":1}' }, timestamp: 1795939200, nonce: a }
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, timestamp: "1795939200", nonce: a }
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, timestamp: 1795939200.5, nonce: a }
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, nonce: a }
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, timestamp: 1795939200 }
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}', isLoading: "no" }, timestamp: 1795939200, nonce: a }
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, silent: "yes", timestamp: 1795939200, nonce: a }
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, sound_mode: loud, timestamp: 1795939200, nonce: a }
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, alert_title: 7, timestamp: 1795939200, nonce: a }
expect:
  pushes:
    - { status: refused, http: 400, reason: missing-field, field: user_id, message: "user_id is missing" }
    - { status: refused, http: 400, reason: wrong-type, field: user_id, message: "user_id must be a string; got number 12" }
    - { status: refused, http: 400, reason: invalid-value, field: widget_id, message: "widget_id is empty" }
    - { status: refused, http: 400, reason: invalid-value, field: type, message: 'type must be "start", "update" or "end"; got string "begin"' }
    - { status: refused, http: 400, reason: wrong-type, field: timestamp, message: "Send 1795939200 without quotes." }
    - { status: refused, http: 400, reason: wrong-type, field: timestamp, message: "must be a whole number of seconds; got 1795939200.5" }
    - { status: refused, http: 400, reason: missing-field, field: timestamp }
    - { status: refused, http: 400, reason: missing-field, field: nonce }
    - { status: refused, http: 400, reason: wrong-type, field: content_state.isLoading }
    - { status: refused, http: 400, reason: wrong-type, field: silent, message: 'silent must be true or false; got string "yes"' }
    - { status: refused, http: 400, reason: invalid-value, field: sound_mode }
    - { status: refused, http: 400, reason: wrong-type, field: alert_title }
  stored: []
---*/
// The pushes above are the fixture. A push never runs this script (L5).
