/*---
description: a field with text around its placeholders is a string, each value printed as JavaScript prints it in a template literal
rules: [A10]
layout: |
  t=${half}
  ${sum}!
  big ${big}
  ${e20} no exponent
  tiny ${tiny}
  zero ${negz}
  ${ok}/${no}
  n=${none}
  a=${arr}
  o=${obj}
  ${neg}${int}
expect:
  status: ok
  outputsInclude:
    printed: ["t=21.5", "0.30000000000000004!", "big 1e+21", "100000000000000000000 no exponent", "tiny 1e-7", "zero 0", "true/false", "n=null", "a=1,2,", "o=[object Object]", "-3.2542"]
  layout:
    rendered: ["t=21.5", "0.30000000000000004!", "big 1e+21", "100000000000000000000 no exponent", "tiny 1e-7", "zero 0", "true/false", "n=null", "a=1,2,", "o=[object Object]", "-3.2542"]
    findingsExact: [layout-type, layout-type, layout-type]
    findings:
      - { code: layout-type, location: 8, placeholder: "${none}" }
      - { code: layout-type, location: 9, placeholder: "${arr}" }
      - { code: layout-type, location: 10, placeholder: "${obj}" }
---*/
const half = 21.5, sum = 0.1 + 0.2, big = 1e21, e20 = 1e20, tiny = 1e-7, negz = -0
const ok = true, no = false, none = null, arr = [1, [2, null]], obj = { a: 1 }, neg = -3.25, int = 42
// The same fields as the script's own template literals print them.
const printed = [`t=${half}`, `${sum}!`, `big ${big}`, `${e20} no exponent`, `tiny ${tiny}`, `zero ${negz}`,
  `${ok}/${no}`, `n=${none}`, `a=${arr}`, `o=${obj}`, `${neg}${int}`]
