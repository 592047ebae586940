/*---
description: a character JavaScript does not allow, pasted from the control page's quick reference, is reported at its own column and shown as itself with its code point
rules: [S1, S2]
expect:
  status: error
  error: { name: SyntaxError, line: 11, column: 23, message: "Invalid character '→' (U+2192)" }
  diagnosticsExact: [syntax-error]
  diagnostics: [{ code: syntax-error, severity: error, line: 11, column: 23, message: "SyntaxError: Invalid character '→' (U+2192)" }]
  events: []
---*/
setUpdateFreq(minute) → void        // 建议系统多少分钟后刷新小组件
setUpdateTime(timestamp) → void     // 指定下一次刷新时间
