// plan/parse-regex.ts: the RE2 pattern a `parse`/`parse-where` pattern stands for (shown by the binder's
// checks and compiled by exec/ops/parse-exec.ts): anchored at the start, `*` skips lazily, each capture
// is a named group `c<i>` whose shape follows its type, a trailing text capture takes the rest.
import type { AplType } from '../catalog/index.ts'
import type { ParsePatternItem } from './logical.ts'

/** RE2 escapes of the characters special in a pattern. */
const SPECIAL = /[\\^$.|?*+()[\]{}]/g

/** `text` as a literal RE2 fragment. */
export function escapeRegex(text: string): string {
  return text.replace(SPECIAL, (c) => `\\${c}`)
}

/** The text a typed capture may take in a strict match (simple, regex); others take any text. */
const SHAPES: { readonly [T in AplType]?: string } = {
  long: '[+-]?[0-9]+',
  real: '[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?',
  bool: '(?i:true|false)',
}

/** The name of capture `i`'s group. */
export function captureGroup(i: number): string {
  return `c${i}`
}

/** The RE2 source of a pattern (mode `relaxed` lets every capture take any text, converting later). */
export function patternRegex(
  items: readonly ParsePatternItem[],
  mode: 'simple' | 'regex' | 'relaxed',
  flags: string,
): string {
  let out = flags === '' ? '^' : `(?${flags})^`
  let capture = 0
  items.forEach((item, at) => {
    if (item.kind === 'any') out += '(?:.*?)'
    else if (item.kind === 'text') out += mode === 'regex' ? `(?:${item.text})` : escapeRegex(item.text)
    else {
      const last = at === items.length - 1
      const shape = (mode === 'relaxed' ? undefined : SHAPES[item.type]) ?? (last ? '.*' : '.*?')
      out += `(?P<${captureGroup(capture++)}>${shape})`
    }
  })
  return out
}
