/*---
description: >-
  a button's action and the refresh after it use the widget's storage one after the other: the action holds
  its lock until what it stored is written, and the refresh then takes it and reads every change, the
  Config value, the setValue string and the file alike, with no state-busy
rules: [A12, A8, A4]
kind: button
action: |
  Config.set("n", Config.get("n", 0) + 1)
  setValue("v", "from the action")
  FileManager.local().writeString(FileManager.local().documents() + "n.txt", "1")
expect:
  action: { status: ok }
  status: ok
  diagnosticsExact: []
  outputs: { n: 2, v: "from the action", file: "1" }
---*/
Config.set("n", Config.get("n", 0) + 1)
let n = Config.get("n")
let v = getValue("v")
let file = FileManager.local().readString(FileManager.local().documents() + "n.txt")
