/*---
description: alert_title and alert_body travel with a start; on update and end they are ignored with an alert-ignored warning each
rules: [P4]
pushes:
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, alert_title: Kick-off, alert_body: The match has started, timestamp: 1795939200, nonce: a }
  - at: "+10s"
    body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"t":2}' }, alert_title: Goal, alert_body: "1:0", timestamp: 1795939210, nonce: b }
  - at: "+20s"
    body: { user_id: user-1, widget_id: live-1, type: end, alert_body: Full time, timestamp: 1795939220, nonce: c }
expect:
  pushes:
    - status: accepted
      warnings: []
      payload: { aps: { event: start, alert: { title: Kick-off, body: The match has started, sound: push_click.caf } } }
    - status: accepted
      warnings:
        - { code: alert-ignored, field: alert_title, message: "alert_title belongs to a push start; on update it is ignored" }
        - { code: alert-ignored, field: alert_body }
      payload: { aps: { event: update, alert: { sound: push_click.caf } } }
    - status: accepted
      warnings: [{ code: alert-ignored, field: alert_body, message: "on end it is ignored" }]
---*/
// The pushes above are the fixture. A push never runs this script (L5).
