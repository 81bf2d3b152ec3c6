// ops/parse-capture.ts: the typed conversion of a text captured by parse/parse-where/parse-kv, and the
// shape of a per-text matcher.
import type { AplType } from '../../catalog/index.ts'
import { parseDurationText, parseTimeAuto } from '../../util/time/index.ts'
import { parseNumber } from '../kernels/parse-number.ts'
import type { Cell } from '../result.ts'

/** The cells of one text (one per capture), or null when the text does not match. */
export type TextMatcher = (text: string) => Cell[] | null

const INTEGER = /^[+-]?[0-9]+$/

/** `text` as a value of `type`; undefined when it is not one. */
export function convertCapture(type: AplType, text: string): Cell | undefined {
  switch (type) {
    case 'string':
    case 'unknown':
      return text
    case 'long': {
      if (!INTEGER.test(text)) return undefined
      const n = Number(text)
      return Number.isSafeInteger(n) ? n : BigInt.asIntN(64, BigInt(text))
    }
    case 'real':
      return parseNumber(text) ?? undefined
    case 'bool': {
      const t = text.toLowerCase()
      return t === 'true' ? true : t === 'false' ? false : undefined
    }
    case 'datetime':
      return parseTimeAuto(text.trim()) ?? undefined
    case 'timespan':
      return parseDurationText(text.trim()) ?? undefined
    case 'dynamic':
      try {
        return JSON.parse(text) as Cell
      } catch {
        return text
      }
  }
}
