/*---
description: only the return actually executed counts - a labelled block that breaks before its return goes on, a later return inside switch ends the script
rules: [O4]
expect:
  status: ok
  outputs: { x: 1, y: 2 }
  absent: [z]
  diagnosticsExact: [top-level-return]
---*/
let x = 1
label: { if (x) break label; return }
let y = 2
switch (y) { case 2: return }
let z = 3
