/*---
description: FileManager refuses paths that try to leave the widget's folder
rules: [A5, C8]
expect:
  status: ok
  outputs: { dotdot: true, absolute: true }
---*/
const _fm = FileManager.local()
let dotdot = false, absolute = false
try { _fm.writeString(_fm.documents() + "../escape.txt", "x") } catch (e) { dotdot = true }
try { _fm.writeString("/etc/escape.txt", "x") } catch (e) { absolute = true }
