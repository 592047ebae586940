/*---
description: FileManager's static async calls work in the card's folder: files/ and no prefix name one file, write resolves the canonical files/ path, read of a missing file is "", remove says whether there was one, and FileManager() is a manager too
rules: [H11]
edition: harmony
expect:
  status: ok
  outputs:
    written: "files/cache/a.txt"
    text: "hello"
    missing: ""
    exists: true
    folder: true
    names: [cache]
    inside: [a.txt, b.bin]
    bytes: "AB"
    removed: [true, false]
    root: "files/"
  diagnosticsExact: []
---*/
const written = await FileManager.write("files/cache/a.txt", "hello")
const text = await FileManager.read("cache/a.txt")
const missing = await FileManager.read("nothing.txt")
const exists = await FileManager.exists("files/cache/a.txt")
const folder = await FileManager.exists("cache")
await FileManager.write("cache/b.bin", [65, 66])
const names = await FileManager.list()
const inside = await FileManager.list("files/cache")
const bytes = await FileManager.read("cache/b.bin")
const removed = [await FileManager.remove("cache/b.bin"), await FileManager.remove("cache/b.bin")]
const _fm = FileManager()
const root = _fm.root()
