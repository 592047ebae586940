/*---
description: unknown fields, at the top and inside content_state, are accepted with an unknown-field warning each, and take no part in the push
rules: [P2]
pushes:
  - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}', style: bold }, colour: red, timestamp: 1795939200, nonce: a }
expect:
  pushes:
    - status: accepted
      http: 200
      warnings:
        - { code: unknown-field, field: content_state.style, message: "content_state.style is not a content_state field; it is ignored" }
        - { code: unknown-field, field: colour, message: '"colour" is not a push field; it is ignored' }
      activity: { content: { t: 1 } }
      payload: { aps: { content-state: { data: '{"t":1}', isLoading: false } } }
---*/
// The pushes above are the fixture. A push never runs this script (L5).
