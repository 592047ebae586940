/*---
description: there is no window, document, fetch or require; http.get exists but is deprecated
rules: [A9]
expect:
  status: ok
  outputs: { kinds: ["undefined", "undefined", "undefined", "undefined", "function"] }
---*/
let kinds = [typeof window, typeof document, typeof fetch, typeof require, typeof http.get]
