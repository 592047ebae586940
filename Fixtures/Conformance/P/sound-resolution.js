/*---
description: silent true wins over everything, else sound_mode decides, else a sound file means custom with it, else custom with push_click.caf; contradictions give sound-conflict; the response states the resolved sound
rules: [P5, P10]
registry: { users: [{ push_id: user-1, widgets: [{ id: live-1, active_on_device: true }] }] }
pushes:
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: "{}" }, timestamp: 1795939200, nonce: default }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: "{}" }, silent: true, sound_mode: system, timestamp: 1795939200, nonce: silent-wins }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: "{}" }, silent: false, sound_mode: system, timestamp: 1795939200, nonce: system }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: "{}" }, sound: ding.caf, timestamp: 1795939200, nonce: file }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: "{}" }, sound_mode: custom, sound: bell.caf, timestamp: 1795939200, nonce: custom-file }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: "{}" }, sound_mode: custom, timestamp: 1795939200, nonce: custom }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: "{}" }, sound_mode: system, sound: bell.caf, timestamp: 1795939200, nonce: system-file }
  - { user_id: user-1, widget_id: live-1, type: update, content_state: { data: "{}" }, sound_mode: silent, timestamp: 1795939200, nonce: quiet }
expect:
  pushes:
    - { status: accepted, warnings: [], sound: { mode: custom, name: push_click.caf, decided_by: default }, payload: { aps: { alert: { sound: push_click.caf } } } }
    - status: accepted
      sound: { mode: silent, name: null, decided_by: silent }
      warnings: [{ code: sound-conflict, field: silent, message: 'silent: true overrides sound_mode "system"' }]
    - { status: accepted, warnings: [], sound: { mode: system, name: default, decided_by: sound_mode }, payload: { aps: { alert: { sound: default } } } }
    - { status: accepted, warnings: [], sound: { mode: custom, name: ding.caf, decided_by: sound } }
    - { status: accepted, warnings: [], sound: { mode: custom, name: bell.caf, decided_by: sound_mode } }
    - { status: accepted, warnings: [], sound: { mode: custom, name: push_click.caf, decided_by: sound_mode } }
    - { status: accepted, warnings: [{ code: sound-conflict, field: sound }], sound: { mode: system, name: default } }
    - { status: accepted, warnings: [], sound: { mode: silent, name: null, decided_by: sound_mode } }
---*/
// The pushes above are the fixture. A push never runs this script (L5).
