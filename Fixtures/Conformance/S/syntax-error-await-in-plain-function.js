/*---
description: await inside a non-async function is a syntax error even though the body itself is async
rules: [S1, S2]
expect:
  status: error
  diagnosticsExact: [syntax-error]
  error: { name: SyntaxError, line: 12, column: 9 }
  events: []
---*/
setUpdateFreq(30)
function load() {
  await sleep(1)
}
