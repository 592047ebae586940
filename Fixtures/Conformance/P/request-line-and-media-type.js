/*---
description: a push path takes POST of application/json (charset allowed); another method is 405, another media type or none 415, another path 404
rules: [P1, P10]
pushes:
  - { method: GET, body: "" }
  - { method: PUT, path: /api/sandbox/push, body: "" }
  - { path: /api/pushes, body: "" }
  - { contentType: text/plain, body: { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, timestamp: 1795939200, nonce: text } }
  - { contentType: null, body: { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, timestamp: 1795939200, nonce: none } }
  - { contentType: "Application/JSON; charset=utf-8", body: { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, timestamp: 1795939200, nonce: charset } }
expect:
  pushes:
    - { ok: false, status: refused, http: 405, reason: method-not-allowed, message: "/api/push takes POST; got GET. Send the push with curl -X POST.", path: /api/push }
    - { status: refused, http: 405, reason: method-not-allowed, path: /api/sandbox/push }
    - { status: refused, http: 404, reason: not-found, path: /api/pushes }
    - { status: refused, http: 415, reason: unsupported-media-type, message: 'The body must be JSON: send the header Content-Type: application/json (got "text/plain").' }
    - { status: refused, http: 415, reason: unsupported-media-type, message: "The body must be JSON: send the header Content-Type: application/json (none was given)." }
    - { ok: true, status: accepted, http: 200, reason: null, nonce: charset }
  stored: [{ nonce: charset }]
---*/
// The pushes above are the fixture. A push never runs this script (L5).
