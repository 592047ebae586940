/*---
description: a timestamp must lie within 300 s of the receiver's clock, both ways, boundaries included; above 1e11 it is refused as milliseconds
rules: [P6]
registry: { users: [{ push_id: user-1, widgets: [{ id: live-1, active_on_device: true }] }] }
pushes:
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: "{}" }, timestamp: 1795938899, nonce: a }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: "{}" }, timestamp: 1795938900, nonce: b }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: "{}" }, timestamp: 1795939500, nonce: c }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: "{}" }, timestamp: 1795939501, nonce: d }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: "{}" }, timestamp: 1795939200000, nonce: e }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: "{}" }, timestamp: 100000000001, nonce: f }
expect:
  pushes:
    - { status: refused, http: 400, reason: timestamp-out-of-window, field: timestamp, message: "is 301 s behind the receiver's clock (2026-11-29T08:00:00.000Z); it must be within 300 s" }
    - { status: accepted, http: 200 }
    - { status: accepted, http: 200 }
    - { status: refused, http: 400, reason: timestamp-out-of-window, message: "is 301 s ahead of the receiver's clock" }
    - { status: refused, http: 400, reason: timestamp-in-milliseconds, message: "divide by 1000 (1795939200)" }
    - { status: refused, http: 400, reason: timestamp-in-milliseconds }
  stored: [{ nonce: b }, { nonce: c }]
---*/
// The fixture's now, 2026-11-29T08:00:00Z, is 1795939200 s: the receiver's clock for every push above.
