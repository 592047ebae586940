/*---
description: "save nests at most 20 deep: a deeper save and its restore are skipped"
rules: [D8]
render: { size: 100x100 }
expect:
  status: ok
  canvas: { diagnostics: [{ code: canvas-limit, index: 40 }, { code: canvas-limit, index: 48 }], drawn: 67 }
---*/
const drawing = [
  ...Array.from({ length: 25 }, () => [{ op: "save" }, { op: "translate", x: 3, y: 3 }]).flat(),
  { op: "rect", x: 0, y: 0, width: 10, height: 10, fill: "#0A59F7" },
  ...Array.from({ length: 25 }, () => ({ op: "restore" })),
  { op: "rect", x: 0, y: 0, width: 10, height: 10, fill: "#FF3B30" },
]
