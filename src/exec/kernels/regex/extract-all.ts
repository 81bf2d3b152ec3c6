// exec/kernels/regex/extract-all.ts: extract_all(regex, [captureGroups,] text): every match's groups as a
// dynamic array: whole matches for a pattern without groups, the group's text for one group, an array
// per match for several; `captureGroups` (numbers or names) picks them. No match → null (Kusto).
import type { RE2JS } from 're2js'
import type { CellJson } from '../../result.ts'
import { scalarKernel } from '../executor/index.ts'
import type { Kernel } from '../kernel.ts'
import { cachedRegex, eachMatch } from './regex-matches.ts'

/** The groups asked for: numbers (0 = whole match) or names; null when one is not in the pattern. */
function groupsOf(re: RE2JS, asked: CellJson | undefined): (number | string)[] | null {
  if (asked === undefined) {
    const n = re.groupCount()
    return n === 0 ? [0] : Array.from({ length: n }, (_, k) => k + 1)
  }
  if (!Array.isArray(asked) || asked.length === 0) return null
  const names = re.namedGroups()
  const out: (number | string)[] = []
  for (const g of asked) {
    if (typeof g === 'number' && Number.isInteger(g) && g >= 0 && g <= re.groupCount()) out.push(g)
    else if (typeof g === 'string' && Object.hasOwn(names, g)) out.push(g)
    else return null
  }
  return out
}

/** The matches of `pattern` in `text` as extract_all returns them. */
export function extractAll(pattern: string, asked: CellJson | undefined, text: string): CellJson {
  const re = cachedRegex(pattern)
  if (re === null) return null
  const groups = groupsOf(re, asked)
  if (groups === null) return null
  const out: CellJson[] = []
  eachMatch(re, text, (m) => {
    const texts = groups.map((g) => m.group(g) ?? '')
    out.push(groups.length === 1 ? texts[0] : texts)
    return true
  })
  return out.length === 0 ? null : out
}

const withoutGroups = scalarKernel({
  args: ['string', 'string'],
  returns: 'dynamic',
  fn: (pattern, text) => extractAll(pattern, undefined, text),
})

const withGroups = scalarKernel({
  args: ['string', 'dynamic', 'string'],
  returns: 'dynamic',
  fn: extractAll,
})

/** extract_all(regex, text) and extract_all(regex, captureGroups, text): the form by argument count. */
export const extractAllKernel: Kernel = (args, n, site) =>
  args.length === 2 ? withoutGroups(args, n, site) : withGroups(args, n, site)
