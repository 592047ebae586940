/*---
description: a container's dataSource ${array[item]} repeats its children per element with the element bound to the item; no array, no children
rules: [A10]
layout: |
  {"type": "vstack", "spacing": "${gap}", "children": [
    {"type": "vstack", "dataSource": "${events[ev]}", "children": [
      {"type": "text", "content": "${ev.title} at ${ev.time}", "fontSize": "${size}"},
      {"type": "text", "content": "${ev.tags[0]}"}
    ]},
    {"type": "hstack", "dataSource": "${empty[x]}", "children": [{"type": "text", "content": "${x}"}]},
    {"type": "hstack", "dataSource": "${none[x]}", "children": [{"type": "text", "content": "${x}"}]},
    {"type": "hstack", "dataSource": "${size[x]}", "children": [{"type": "text", "content": "${x}"}]}
  ]}
expect:
  status: ok
  layout:
    rendered:
      type: vstack
      spacing: 8
      children:
        - type: vstack
          children:
            - { type: text, content: Standup at 09:30, fontSize: 14 }
            - { type: text, content: work }
            - { type: text, content: Lunch at 12:00, fontSize: 14 }
            - { type: text, content: "" }
        - { type: hstack, children: [] }
        - { type: hstack, children: [] }
        - { type: hstack, children: [] }
    findingsExact: [layout-missing, layout-missing, layout-loop-source]
    findings:
      - { code: layout-missing, location: /children/0/children/1/content, placeholder: "${ev.tags[0]}", loop: [{ item: ev, index: 1 }] }
      - { code: layout-missing, location: /children/2/dataSource, placeholder: "${none[x]}" }
      - { code: layout-loop-source, location: /children/3/dataSource }
---*/
const gap = 8, size = 14, empty = []
const events = [{ title: "Standup", time: "09:30", tags: ["work"] }, { title: "Lunch", time: "12:00", tags: [] }]
