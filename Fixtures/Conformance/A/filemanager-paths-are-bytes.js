/*---
description: FileManager paths are bytes split at every '/' as the kernel splits them, so a combining mark right after '/' hides neither the separator nor a '..' segment, and 'é' and 'e' + U+0301 are two different files
rules: [A11, A5]
expect:
  status: ok
  outputs: { dotdot: refused, joiner: refused, composed: one, decomposed: two, separate: true }
---*/
const _fm = FileManager.local()
const _docs = _fm.documents()
let dotdot = "passed", joiner = "passed"
try { _fm.writeString(_docs + "../\u0301escape.txt", "x") } catch (e) { dotdot = "refused" }
try { _fm.readString(_docs + "a/\u200D../../escape.txt") } catch (e) { joiner = "refused" }
_fm.writeString(_docs + "\u00e9.txt", "one")
_fm.writeString(_docs + "e\u0301.txt", "two")
let composed = _fm.readString(_docs + "\u00e9.txt")
let decomposed = _fm.readString(_docs + "e\u0301.txt")
_fm.writeString(_docs + "sub/\u0301name.txt", "inside")
let separate = _fm.fileExists(_docs + "sub/\u0301name.txt") && !_fm.fileExists(_docs + "sub\u0301name.txt")
