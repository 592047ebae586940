/*---
description: >-
  diagnostics go to stderr one per line as severity: file:line:column: message [code], the file named as the tool
  was given it (colour only on a terminal and never with NO_COLOR is checked by Tests/CLITests)
rules: [X3, S2]
expect:
  status: ok
  stderr:
    - "warning: stderr-diagnostic-lines.js:14:1: setUpdateFreq(2) asks for less than 5 minutes"
    - 'warning: stderr-diagnostic-lines.js:15:3: setUpdateTime(time) expects epoch milliseconds (a number) or a Date; got the string "soon"; the call was ignored [invalid-argument]'
    - "info: stderr-diagnostic-lines.js:16:1: Widget.reload only takes effect in the app"
  exitCode: 0
---*/
setUpdateFreq(2)
  setUpdateTime("soon")
Widget.reload()
