/*---
description: an iOS loop renders every element of its array, 60 here, with no layout-limit; the app documents no item limit (the HarmonyOS edition's 50 is not applied)
rules: [A10]
layout: |
  {"type": "vstack", "dataSource": "${rows[row]}", "children": [{"type": "text", "content": "${row}"}]}
expect:
  status: ok
  layout:
    rendered:
      type: vstack
      children: [{ content: 0 }, { content: 1 }, { content: 2 }, { content: 3 }, { content: 4 }, { content: 5 }, { content: 6 }, { content: 7 }, { content: 8 }, { content: 9 }, { content: 10 }, { content: 11 }, { content: 12 }, { content: 13 }, { content: 14 }, { content: 15 }, { content: 16 }, { content: 17 }, { content: 18 }, { content: 19 }, { content: 20 }, { content: 21 }, { content: 22 }, { content: 23 }, { content: 24 }, { content: 25 }, { content: 26 }, { content: 27 }, { content: 28 }, { content: 29 }, { content: 30 }, { content: 31 }, { content: 32 }, { content: 33 }, { content: 34 }, { content: 35 }, { content: 36 }, { content: 37 }, { content: 38 }, { content: 39 }, { content: 40 }, { content: 41 }, { content: 42 }, { content: 43 }, { content: 44 }, { content: 45 }, { content: 46 }, { content: 47 }, { content: 48 }, { content: 49 }, { content: 50 }, { content: 51 }, { content: 52 }, { content: 53 }, { content: 54 }, { content: 55 }, { content: 56 }, { content: 57 }, { content: 58 }, { content: 59 }]
    findingsExact: []
---*/
const rows = Array.from({ length: 60 }, (_, i) => i)
