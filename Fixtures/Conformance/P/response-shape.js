/*---
description: every response is JSON with ok, status, reason, field, message, warnings, sound, the activity after the request and the APNs payload; HTTP 200 for accepted and ignored, the reason's status for refused
rules: [P10, L1]
pushes:
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { isLoading: false, data: '{"title":"进行中","count":1}' }, alert_title: Live, alert_body: Started, timestamp: 1795939200, nonce: start-001 }
  - { at: "+10s", path: /api/sandbox/push, body: { user_id: user-1, widget_id: live-1, type: start, content_state: { data: "{}" }, timestamp: 1795939210, nonce: start-002 } }
  - { at: "+20s", body: { user_id: user-1, widget_id: live-1, type: end, content_state: { data: '{"title":"完成"}' }, timestamp: 1795939220, nonce: end-001 } }
expect:
  pushes:
    - ok: true
      status: accepted
      http: 200
      exitCode: 0
      reason: null
      field: null
      message: 'Started Live Activity #1 of widget "live-1" with 2 variables.'
      warnings: []
      sound: { mode: custom, name: push_click.caf, decided_by: default }
      type: start
      nonce: start-001
      path: /api/push
      environment: production
      received_at: "2026-11-29T08:00:00.000Z"
      activity:
        user_id: user-1
        widget_id: live-1
        number: 1
        state: active
        started_by: push
        started_at: "2026-11-29T08:00:00.000Z"
        expires_at: "2026-11-29T16:00:00.000Z"
        ended_at: null
        ending: null
        dismissed_at: null
        content: { title: 进行中, count: 1 }
        is_loading: false
        last_timestamp: 1795939200
        updates: 0
        last_nonce: start-001
        last_path: /api/push
      payload:
        aps:
          event: start
          timestamp: 1795939200
          content-state: { data: '{"title":"进行中","count":1}', isLoading: false }
          alert: { title: Live, body: Started, sound: push_click.caf }
          attributes-type: OmniLiveActivityAttributes
          attributes: { widget_id: live-1 }
    - { ok: false, status: refused, http: 409, exitCode: 1, reason: activity-already-active, field: type, type: start, nonce: start-002, path: /api/sandbox/push, environment: sandbox, activity: { number: 1, state: active } }
    - ok: true
      status: accepted
      http: 200
      message: 'Ended Live Activity #1 of widget "live-1"; it stays visible until 2026-11-29T12:00:20.000Z.'
      activity: { state: ended, ending: push, ended_at: "2026-11-29T08:00:20.000Z", dismissed_at: "2026-11-29T12:00:20.000Z", expires_at: null, content: { title: 完成 }, updates: 1 }
---*/
// The pushes above are the fixture. A push never runs this script (L5).
