// cli/progress.ts: the one-line ingest progress bar on a terminal (bytes read, events, events/s, and
// a percentage when the input size is known). Redraws at most 10 times a second; never used off a TTY.

import { formatBytes, formatCount, perSecond } from './human.ts'
import type { OutStream } from './io.ts'

/** What the bar shows. */
export interface ProgressState {
  /** Bytes of input consumed (as read from the file: compressed for .gz). */
  readonly inputBytes: number
  /** Input size when known (a file), for the percentage. */
  readonly totalBytes?: number
  /** Uncompressed bytes handed to ingest. */
  readonly bytes: number
  readonly events: number
}

const REDRAW_MS = 100

/** The bar's text for `state` after `elapsedMs`, at most `width` columns. */
export function progressLine(state: ProgressState, elapsedMs: number, width: number): string {
  const rate = `${formatCount(perSecond(state.events, elapsedMs))} events/s`
  const stats = `${formatBytes(state.bytes)}  ${formatCount(state.events)} events  ${rate}`
  const total = state.totalBytes
  if (total === undefined || total <= 0) return stats.slice(0, width)
  const frac = Math.min(1, state.inputBytes / total)
  const pct = `${String(Math.floor(frac * 100)).padStart(3)}%`
  const barWidth = Math.min(30, width - stats.length - pct.length - 6)
  if (barWidth < 5) return `${pct}  ${stats}`.slice(0, width)
  const filled = Math.round(frac * barWidth)
  return `[${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}] ${pct}  ${stats}`
}

/** A live progress bar on `out` (a terminal). */
export class ProgressBar {
  readonly #out: OutStream
  readonly #started = performance.now()
  #last = 0
  #shown = false

  constructor(out: OutStream) {
    this.#out = out
  }

  /** Redraws when the last redraw is old enough (or `force`). */
  update(state: ProgressState, force = false): void {
    const now = performance.now()
    if (!force && now - this.#last < REDRAW_MS) return
    this.#last = now
    const width = Math.max(20, (this.#out.columns ?? 80) - 1)
    // \r back to column 0, \x1b[K clears what a longer previous line left behind.
    this.#out.write(`\r${progressLine(state, now - this.#started, width)}\x1b[K`)
    this.#shown = true
  }

  /** Removes the bar so the summary line starts clean. */
  clear(): void {
    if (this.#shown) this.#out.write('\r\x1b[K')
    this.#shown = false
  }
}
