/*---
description: a loop inside a loop can take its array from the outer item, and both items are in scope in the inner children
rules: [A10]
layout: |
  [{"type": "vstack", "dataSource": "${rows[row]}", "children": [
    {"type": "text", "content": "${row.name}"},
    {"type": "hstack", "dataSource": "${row.cells[cell]}", "children": [
      {"type": "text", "content": "${row.name}:${cell.v}", "opacity": "${cell.o}"}
    ]}
  ]}]
expect:
  status: ok
  layout:
    rendered:
      - type: vstack
        children:
          - { type: text, content: A }
          - type: hstack
            children:
              - { type: text, content: "A:1", opacity: 0.5 }
              - { type: text, content: "A:2", opacity: 1 }
          - { type: text, content: B }
          - type: hstack
            children:
              - { type: text, content: "B:3", opacity: 0 }
    findingsExact: []
    entries:
      - { location: /0/dataSource, role: dataSource, path: "rows[row]", items: 2, loop: [] }
      - { location: /0/children/0/content, loop: [{ item: row, index: 0 }], field: A }
      - { location: /0/children/1/dataSource, loop: [{ item: row, index: 0 }], items: 2 }
      - { location: /0/children/1/children/0/content, column: 1, loop: [{ item: row, index: 0 }, { item: cell, index: 0 }], text: A, field: "A:1" }
      - { location: /0/children/1/children/0/content, column: 13, loop: [{ item: row, index: 0 }, { item: cell, index: 0 }], value: 1 }
      - { location: /0/children/1/children/0/opacity, loop: [{ item: row, index: 0 }, { item: cell, index: 0 }], field: 0.5 }
      - { location: /0/children/1/children/0/content, column: 1, loop: [{ item: row, index: 0 }, { item: cell, index: 1 }] }
      - { location: /0/children/1/children/0/content, column: 13, loop: [{ item: row, index: 0 }, { item: cell, index: 1 }], value: 2 }
      - { location: /0/children/1/children/0/opacity, loop: [{ item: row, index: 0 }, { item: cell, index: 1 }], field: 1 }
      - { location: /0/children/0/content, loop: [{ item: row, index: 1 }], field: B }
      - { location: /0/children/1/dataSource, loop: [{ item: row, index: 1 }], items: 1 }
      - { location: /0/children/1/children/0/content, column: 1, loop: [{ item: row, index: 1 }, { item: cell, index: 0 }], field: "B:3" }
      - { location: /0/children/1/children/0/content, column: 13, loop: [{ item: row, index: 1 }, { item: cell, index: 0 }], value: 3 }
      - { location: /0/children/1/children/0/opacity, loop: [{ item: row, index: 1 }, { item: cell, index: 0 }], field: 0 }
---*/
const rows = [
  { name: "A", cells: [{ v: 1, o: 0.5 }, { v: 2, o: 1 }] },
  { name: "B", cells: [{ v: 3, o: 0 }] },
]
