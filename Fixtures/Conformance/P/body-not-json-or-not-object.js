/*---
description: a body that is empty, not JSON, or JSON but not an object is refused with HTTP 400 malformed-json naming the mistake, and nothing is stored
rules: [P1, P10]
pushes:
  - ""
  - '{"user_id": "user-1", "widget_id": "live-1",'
  - [1, 2, 3]
  - '"a string"'
expect:
  pushes:
    - { status: refused, http: 400, reason: malformed-json, message: "The body is empty: send one JSON object with user_id, widget_id, type, timestamp and nonce." }
    - { status: refused, http: 400, reason: malformed-json, field: null, message: "The body is not valid JSON (line 1, column 45" }
    - { status: refused, http: 400, reason: malformed-json, message: "The body is a JSON array, not an object. Send one object such as {\"user_id\": …, \"widget_id\": …, \"type\": \"start\", …}." }
    - { status: refused, http: 400, reason: malformed-json }
  stored: []
  activities: []
---*/
// The pushes above are the fixture. A push never runs this script (L5).
