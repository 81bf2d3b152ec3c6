// exec/kernels/ip/ip-memo.ts: the ip family's argument parsers memoized on their last input, so a
// constant range (a string) or a constant list (`dynamic([...])`, one object per call) is parsed once
// per call however many rows or dictionary entries read it. The parsers are pure.
import type { CellJson } from '../../result.ts'

/** `parse` memoized on its last input string. */
export function parsedOne<V>(parse: (s: string) => V): (s: string) => V {
  let lastKey: string | undefined
  let lastValue: V | undefined
  return (s) => {
    if (s !== lastKey) {
      lastValue = parse(s)
      lastKey = s
    }
    return lastValue as V
  }
}

/**
 * A list argument (an array of strings, or one string) with `parse` applied to each element (a
 * non-string element parses as null); null when the value is neither. Memoized on its last input.
 */
export function parsedList<V>(parse: (s: string) => V | null): (v: CellJson) => (V | null)[] | null {
  let lastKey: CellJson | undefined
  let lastValue: (V | null)[] | null = null
  return (v) => {
    if (v !== lastKey || lastKey === undefined) {
      lastValue =
        typeof v === 'string'
          ? [parse(v)]
          : Array.isArray(v)
            ? v.map((e) => (typeof e === 'string' ? parse(e) : null))
            : null
      lastKey = v
    }
    return lastValue
  }
}
