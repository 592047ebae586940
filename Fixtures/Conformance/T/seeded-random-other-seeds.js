/*---
description: seed 0 is a valid seed with its own pinned sequence, different from seed 7's
rules: [T4]
seed: 0
expect:
  status: ok
  outputs:
    r: [0.8527390271382224, 0.7620140802582671]
    ints: [72, 22, 84, 17, 36, 92]
---*/
let r = [Math.random(), Math.random()]
let ints = Array.from({ length: 6 }, () => Math.floor(Math.random() * 100))
