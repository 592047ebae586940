/*---
description: console methods keep working when detached from console (stored in a variable, destructured, passed as callbacks)
rules: [S8]
expect:
  status: ok
  console:
    - { level: log, message: "detached" }
    - { level: warn, message: "destructured" }
    - { level: error, message: "1 0 [1,2]" }
    - { level: error, message: "2 1 [1,2]" }
---*/
const _log = console.log
_log("detached")
const { warn: _warn } = console
_warn("destructured")
;[1, 2].forEach(console.error)
