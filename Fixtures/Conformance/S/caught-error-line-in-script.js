/*---
description: an error the script catches itself also carries the line and column of the user's file, and its stack starts at that place
rules: [S2]
skip: false
expect:
  status: ok
  outputs: { line: 14, column: 7, firstFrameEndsAt: true, hostFrames: false }
---*/
let line = 0
let column = 0
let firstFrameEndsAt = false
let hostFrames = true
try {
  null.boom
} catch (e) {
  line = e.line
  column = e.column
  firstFrameEndsAt = e.stack.split("\n")[0].endsWith(":14:7")
  hostFrames = e.stack.includes("widgethost:")
}
