/*---
description: bindings inside functions and blocks (including var written inside a block or loop head) are not outputs
rules: [O1]
expect:
  status: ok
  outputs: { top: "yes", total: 7 }
  absent: [inFunction, varInFunction, blockLet, blockConst, blockVar, ifVar, i, j, caught]
---*/
let top = "yes"
function work() {
  let inFunction = 1
  var varInFunction = 2
  return inFunction + varInFunction
}
{
  let blockLet = 1
  const blockConst = 2
  var blockVar = 3
}
if (top) { var ifVar = 4 }
let total = 0
for (var i = 0; i < 3; i++) total += i
for (let j = 0; j < 1; j++) total += work()
try { throw 1 } catch (caught) { total += caught }
