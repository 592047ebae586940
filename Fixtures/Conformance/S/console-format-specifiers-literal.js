/*---
description: console does not interpret printf-style specifiers - "%s" and "%d" are printed as written, followed by the other arguments
rules: [S8]
expect:
  status: ok
  console: ["%s is %d%% a 1", "multi\nline"]
---*/
console.log("%s is %d%%", "a", 1)
console.log("multi\nline")
