// cli/shell/input-complete.ts: when the shell's typed lines form a whole query: brackets and quotes
// closed, and the text does not end in `|`, `,`, an operator or a backslash (a continuation). A
// trailing `;` ends the query at once.

/** True when `text` should run now (see module header); meta commands (`.x`) are always complete. */
export function inputComplete(text: string): boolean {
  const t = text.trim()
  if (t === '' || t.startsWith('.')) return true
  if (t.endsWith(';')) return true
  let depth = 0
  let quote: string | undefined
  for (let i = 0; i < t.length; i++) {
    const c = t[i]
    if (quote !== undefined) {
      if (c === '\\' && quote !== '`') i++
      else if (c === quote) quote = undefined
      continue
    }
    if (c === '/' && t[i + 1] === '/') {
      const nl = t.indexOf('\n', i)
      if (nl < 0) break
      i = nl
    } else if (c === "'" || c === '"') quote = c
    else if (c === '(' || c === '[' || c === '{') depth++
    else if (c === ')' || c === ']' || c === '}') depth--
  }
  if (quote !== undefined || depth > 0) return false
  const last = t.replace(/\/\/[^\n]*$/, '').trimEnd()
  return !/(\||,|\\|\b(and|or|by|with|on)|[=<>+\-*/!~])$/.test(last)
}

/** The query to run: the lines joined, a trailing `;` and `\` continuations removed. */
export function queryOf(text: string): string {
  return text.replace(/\\\n/g, '\n').trim().replace(/;\s*$/, '')
}
