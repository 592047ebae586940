/*---
description: inside a loop an item hides the output of the same name, and ${$.x} reads the output past it
rules: [A10]
layout: |
  {"type": "vstack", "dataSource": "${items[title]}", "openUrl": "${title} / ${$.title}", "children": [
    {"type": "text", "content": "${title}"},
    {"type": "text", "content": "${$.title}"},
    {"type": "text", "content": "${title} in ${$[\"title\"]} ({$.count})"},
    {"type": "text", "content": "${$.count}", "fontSize": "${$.size}"}
  ]}
expect:
  status: ok
  layout:
    rendered:
      type: vstack
      openUrl: Inbox / Inbox
      children:
        - { content: mail }
        - { content: Inbox }
        - { content: mail in Inbox (2) }
        - { content: 2, fontSize: 14 }
        - { content: news }
        - { content: Inbox }
        - { content: news in Inbox (2) }
        - { content: 2, fontSize: 14 }
    findingsExact: [layout-legacy]
---*/
const title = "Inbox", count = 2, size = 14
const items = ["mail", "news"]
