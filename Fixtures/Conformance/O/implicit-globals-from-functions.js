/*---
description: globals created inside functions (sloppy implicit assignment, globalThis properties) are properties added to this, so they are outputs; deleted ones are not
rules: [O1]
expect:
  status: ok
  outputs: { leaked: 1, viaFn: 2, kept: 3 }
  absent: [gone]
  diagnosticsExact: []
---*/
function setup() {
  leaked = 1
  globalThis.viaFn = 2
}
setup()
this.gone = "temporary"
this.kept = 3
delete this.gone
