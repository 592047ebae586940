/*---
description: content_state.data must be a string holding a JSON object; an object passed directly, or a string that is not a JSON object, is refused naming the mistake; start and update need it, end may omit it
rules: [P3, L5]
registry: { users: [{ push_id: user-1, widgets: [{ id: live-1, active_on_device: true }] }] }
pushes:
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: { title: Go } }, timestamp: 1795939200, nonce: a }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: "[1, 2]" }, timestamp: 1795939200, nonce: b }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: "{title: Go}" }, timestamp: 1795939200, nonce: c }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: 7 }, timestamp: 1795939200, nonce: d }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { isLoading: true }, timestamp: 1795939200, nonce: e }
  - { user_id: user-1, widget_id: live-1, type: update, timestamp: 1795939200, nonce: f }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { isLoading: true, data: '{"title":"Go","n":[1,2]}' }, timestamp: 1795939200, nonce: g }
  - { user_id: user-1, widget_id: live-1, type: end, timestamp: 1795939200, nonce: h }
expect:
  pushes:
    - { status: refused, http: 400, reason: data-not-string, field: content_state.data, message: "not the object itself: encode it with JSON.stringify" }
    - { status: refused, http: 400, reason: data-not-json-object, field: content_state.data, message: "it holds a JSON array" }
    - { status: refused, http: 400, reason: data-not-json-object, field: content_state.data, message: "but it is not JSON (line 1, column 2" }
    - { status: refused, http: 400, reason: wrong-type, field: content_state.data, message: "got number 7" }
    - { status: refused, http: 400, reason: missing-field, field: content_state.data, message: "A push update must carry content_state.data" }
    - { status: refused, http: 400, reason: missing-field, field: content_state.data }
    - { status: accepted, http: 200, activity: { content: { title: Go, n: [1, 2] }, is_loading: true } }
    - { status: accepted, http: 200, type: end, activity: { state: ended, ending: push, content: { title: Go, n: [1, 2] } } }
---*/
// An end without data keeps the last content: the device shows it until dismissal.
