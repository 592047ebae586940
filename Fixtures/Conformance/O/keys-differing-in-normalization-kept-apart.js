/*---
description: keys that differ only in Unicode normalization (é as U+00E9, and e followed by U+0301) stay two keys, in objects, in properties of this and in bindings
rules: [O6]
expect:
  status: ok
  outputs:
    o: { "e\u0301": 2, "\u00e9": 1 }
    count: 2
    "A\u030a": decomposed
    "\u00c5": composed
    "\u212b": angstrom sign
    "e\u0301x": 4
    "\u00e9x": 3
  diagnosticsExact: []
---*/
let o = {"\u00e9": 1, "e\u0301": 2}
let count = Object.keys(o).length
this["A\u030a"] = "decomposed"
this["\u00c5"] = "composed"
this["\u212b"] = "angstrom sign"
let \u00e9x = 3, e\u0301x = 4
