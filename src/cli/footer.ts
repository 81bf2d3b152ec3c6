// cli/footer.ts: the line `apldb query` prints on stderr after a result: rows, rows and blocks
// examined, blocks pruned (when the target reports it) and the wall time of the whole command.

import { countOf, formatCount, formatDuration } from './human.ts'
import type { PrintedStats } from './query-print.ts'

/** `120 rows · 100,000 rows examined · 12 blocks examined, 3 pruned · 0.41 s`. */
export function footerLine(s: PrintedStats, wallMs: number): string {
  const pruned = s.blocksPruned === undefined ? '' : `, ${formatCount(s.blocksPruned)} pruned`
  return [
    countOf(s.rows, 'row'),
    `${formatCount(s.rowsExamined)} rows examined`,
    `${countOf(s.blocksExamined, 'block')} examined${pruned}`,
    formatDuration(wallMs),
  ].join(' · ')
}
