/*---
description: legacy {path} placeholders are read like ${path} and reported with their ${…} spelling; other braces stay text
rules: [A10]
layout: |
  {title}
  {user.name}
  {days[1]}
  {count}
  Hi {user.name}, {count} new
  {{title}}
  { title }
  {}
  {0}
  {a, b}
  {"a": 1}
  ${title} and {title}
expect:
  status: ok
  layout:
    rendered: [Inbox, Ann, Tue, 42, "Hi Ann, 42 new", "{Inbox}", "{ title }", "{}", "{0}", "{a, b}", '{"a": 1}', Inbox and Inbox]
    findingsExact: [layout-legacy, layout-legacy, layout-legacy, layout-legacy, layout-legacy, layout-legacy, layout-legacy, layout-legacy]
    findings:
      - { code: layout-legacy, severity: info, location: 1, placeholder: "{title}", suggestion: title, message: "Write ${title}" }
      - { code: layout-legacy, location: 3, suggestion: "days[1]" }
      - { code: layout-legacy, location: 6, column: 2, placeholder: "{title}" }
      - { code: layout-legacy, location: 12, column: 14 }
---*/
const title = "Inbox", count = 42
const user = { name: "Ann" }
const days = ["Mon", "Tue"]
