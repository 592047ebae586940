/*---
description: FileManager refuses an absolute path, ~, .., an empty segment and a backslash: the call rejects with an Error naming why
rules: [H11]
edition: harmony
expect:
  status: ok
  outputs: { refused: 5 }
  console:
    - "it is an absolute path; paths are relative to the card's folder, e.g. \"data.json\" or \"files/data.json\""
    - "it starts with '~'; paths are relative to the card's folder"
    - "it contains a '..' segment, which would leave the card's folder"
    - "it contains an empty segment ('//')"
    - "it contains a backslash"
---*/
let refused = 0
for (const path of ["/etc/passwd", "~/a", "files/../x", "a//b", "a\\b"]) {
  try {
    await FileManager.read(path)
  } catch (e) {
    refused++
    console.log(e.message.slice(e.message.indexOf("refused: ") + 9))
  }
}
