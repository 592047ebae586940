/*---
description: a lock card without a dimension is lock_1*1, the first the docs list
rules: [H1]
edition: harmony
kind: lock
expect:
  status: ok
  outputs: { size: "lock_1*1" }
  report: { kind: lock, dimension: "lock_1*1" }
---*/
const size = Widget.dimension
