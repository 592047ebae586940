/*---
description: user_id must be a registered Push ID (404 unknown-user) and widget_id one of its Live Activity widgets (404 unknown-widget); a push start needs iOS 17.2 (422 push-start-unsupported), and an older device can still update or end an activity started in the app
rules: [P8]
registry:
  users:
    - { push_id: new-phone, ios: "17.2", widgets: [live-1, { id: weather, kind: small }] }
    - { push_id: old-phone, ios: "17.1.2", widgets: [{ id: score, active_on_device: true }, { id: other }] }
pushes:
  - { user_id: stranger, widget_id: live-1, type: start, content_state: { data: "{}" }, timestamp: 1795939200, nonce: a }
  - { user_id: new-phone, widget_id: nope, type: start, content_state: { data: "{}" }, timestamp: 1795939200, nonce: b }
  - { user_id: new-phone, widget_id: weather, type: start, content_state: { data: "{}" }, timestamp: 1795939200, nonce: c }
  - { user_id: new-phone, widget_id: live-1, type: start, content_state: { data: "{}" }, timestamp: 1795939200, nonce: d }
  - { user_id: old-phone, widget_id: other, type: start, content_state: { data: "{}" }, timestamp: 1795939200, nonce: e }
  - { user_id: old-phone, widget_id: score, type: update, content_state: { data: '{"home":1}' }, timestamp: 1795939200, nonce: f }
  - { user_id: old-phone, widget_id: other, type: update, content_state: { data: '{"home":1}' }, timestamp: 1795939200, nonce: g }
expect:
  pushes:
    - { status: refused, http: 404, reason: unknown-user, field: user_id, message: 'user_id "stranger" is not a registered Push ID' }
    - { status: refused, http: 404, reason: unknown-widget, field: widget_id, message: 'its Live Activity widgets are "live-1"' }
    - { status: refused, http: 404, reason: unknown-widget, message: 'widget_id "weather" is a small widget, not a Live Activity' }
    - { status: accepted, http: 200, activity: { started_by: push } }
    - { status: refused, http: 422, reason: push-start-unsupported, message: "A push start needs iOS 17.2 or later; this Push ID's device runs iOS 17.1.2" }
    - { status: accepted, http: 200, activity: { started_by: device, content: { home: 1 } } }
    - { status: refused, http: 409, reason: no-active-activity }
---*/
// The pushes above are the fixture. A push never runs this script (L5).
