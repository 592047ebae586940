/*---
description: Host globals reached through computed names (the global object as a value, eval) still read the virtual now; the host defines every global when a script may compute their names
rules: [T1]
tz: UTC
expect:
  status: ok
  outputs:
    formatted: "11/29/2026"
    clock: 1795939200000
    evaluated: 1795939200000
---*/
const _global = this, _intl = ['In', 'tl'].join(''), _date = 'Da' + 'te'
let formatted = _global[_intl].DateTimeFormat('en-US', { timeZone: 'UTC' }).format()
let clock = _global[_date].now()
let evaluated = (0, eval)('Dat' + 'e').now()
