// ops/parse-match.ts: one source text → the captured cells of parse/parse-where (the pattern's RE2
// regex, named groups) or parse-kv (parse-kv-match.ts). Pure functions of the text: the operator calls
// them once per entry.
import { RE2JS } from 're2js'
import type { AplType } from '../../catalog/index.ts'
import { captureGroup, type ParseMatcher, patternRegex } from '../../plan/index.ts'
import type { Cell } from '../result.ts'
import { convertCapture, type TextMatcher } from './parse-capture.ts'
import { kvMatcher } from './parse-kv-match.ts'
import { patternScan } from './parse-scan.ts'

export type { TextMatcher } from './parse-capture.ts'

/** The matcher of a Parse node's `matcher` for captures typed `types`. */
export function textMatcher(m: ParseMatcher, types: readonly AplType[]): TextMatcher {
  return m.kind === 'kv' ? kvMatcher(m, types) : patternMatcher(m, types)
}

function patternMatcher(
  m: Extract<ParseMatcher, { kind: 'pattern' }>,
  types: readonly AplType[],
): TextMatcher {
  const re = RE2JS.compile(patternRegex(m.items, m.mode, m.flags))
  const strict = m.mode !== 'relaxed'
  const scan = m.mode === 'regex' ? null : patternScan(m.items, !strict)
  const spans = new Int32Array(2 * types.length)
  return (text) => {
    if (scan?.(text, spans)) {
      const out: Cell[] = new Array(types.length)
      for (let k = 0; k < types.length; k++) {
        const v = convertCapture(types[k], text.slice(spans[2 * k], spans[2 * k + 1]))
        if (v === undefined && strict) return null
        out[k] = v ?? null
      }
      return out
    }
    const found = re.matcher(text)
    if (!found.find()) return null
    const out: Cell[] = new Array(types.length)
    for (let k = 0; k < types.length; k++) {
      const t = found.group(captureGroup(k))
      const v = t === null ? undefined : convertCapture(types[k], t)
      if (v === undefined && strict) return null
      out[k] = v ?? null
    }
    return out
  }
}

/** Whether `m` is a pattern the linear scan reads (parse-scan.ts), shown by the operator's explain. */
export function scansLinearly(m: ParseMatcher): boolean {
  return m.kind === 'pattern' && m.mode !== 'regex' && patternScan(m.items, m.mode === 'relaxed') !== null
}
