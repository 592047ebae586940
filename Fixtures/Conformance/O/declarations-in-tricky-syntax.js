/*---
description: top-level declarations are found after braces inside strings, templates and regexes, after comments, when indented, several on one line, split across lines and with non-ASCII names
rules: [O1]
expect:
  status: ok
  outputs:
    indented: 1
    a1: 1
    a2: 2
    a3: 3
    tpl: "}{"
    afterTpl: "ok"
    afterRe: "[}{]"
    quot: '{}"{'
    afterQuot: 2
    commented: 5
    split: 6
    café: 7
    $dollar: 8
    computed: 10
    key: "kk"
    divide: 1
    w1: 2
    w2: 3
    last: "end"
  absent: [inCase, inLoop, inStatic, inArrow, x]
  diagnosticsExact: [output-dropped]
---*/
  let indented = 1
let a1 = 1; let a2 = 2; var a3 = 3
let tpl = `${ { k: "}" }.k }` + `${`${"{"}`}`
let afterTpl = "ok"
const _re = /[}{]/g, afterRe = _re.source
let quot = "{" + '}' + "\"{"
let afterQuot = 4 / 2 / 1
let /* comment */ commented = 5
let
  split = 6
let café = 7, $dollar = 8
const key = "kk"
const { [key]: computed } = { kk: 10 }
switch (a1) { case 1: let inCase = 1; break }
label: for (const x of [1]) { let inLoop = x }
class K { static { var inStatic = 1 } }
const fn = () => { let inArrow = 1; return { notTop: 1 } }
;({ objectStatement: 1 })
let divide = afterQuot
/ 2
var { w1 } = { w1: 2 }, [w2] = [3]
let last = "end"
