// clickhouse/sql-text.ts: ClickHouse SQL lexical pieces: identifiers and string literals quoted so no
// name or value can leave its token (no query text is ever spliced unquoted), and time literals.

/** A backquoted identifier (any characters; backslash and backquote escaped). */
export function ident(name: string): string {
  return `\`${name.replace(/\\/g, '\\\\').replace(/`/g, '\\`')}\``
}

/** A single-quoted string literal (backslash, quote and control characters escaped). */
export function str(value: string): string {
  let out = "'"
  for (const ch of value) {
    const c = ch.codePointAt(0) ?? 0
    if (ch === '\\') out += '\\\\'
    else if (ch === "'") out += "\\'"
    else if (c < 0x20) out += `\\x${c.toString(16).padStart(2, '0')}`
    else out += ch
  }
  return `${out}'`
}

/** `database.table`, both quoted. */
export function qualified(database: string, table: string): string {
  return `${ident(database)}.${ident(table)}`
}

/** A DateTime64(9, 'UTC') constant from epoch ns. */
export function timeNs(ns: bigint): string {
  return `fromUnixTimestamp64Nano(toInt64(${ns}), 'UTC')`
}
