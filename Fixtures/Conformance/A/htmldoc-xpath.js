/*---
description: HTMLDoc(html).xpath(expr) returns the documented JSON string; an invalid expression throws
rules: [A6]
expect:
  status: ok
  outputs: { text: "Hello", tag: "h1", invalidThrows: true }
---*/
const _found = JSON.parse(new HTMLDoc("<html><body><h1 class='t'>Hello</h1></body></html>").xpath("//h1"))
let text = _found[0].text
let tag = _found[0].tagName
let invalidThrows = false
try { new HTMLDoc("<p>x</p>").xpath("//[") } catch (e) { invalidThrows = true }
