/*---
description: setTimeout/setInterval with a string or null callback throw a catchable TypeError (no eval of strings); the run goes on
rules: [C8, T3]
expect:
  status: ok
  outputs:
    errors: ["TypeError", "TypeError", "TypeError"]
    evaluated: false
---*/
let evaluated = false
let errors = []
for (const call of [() => setTimeout("evaluated = true", 10), () => setTimeout(null, 10), () => setInterval(undefined, 10)]) {
  try { call(); errors.push("none") } catch (e) { errors.push(e.name) }
}
await sleep(50)
