// cli/chart/ansi.ts: series colours for terminal charts: ANSI foreground codes, or none (NO_COLOR,
// not a terminal). The palette cycles; the legend shows which colour is which series.

/** Foreground colours, in series order: green, blue, yellow, magenta, cyan, red, white, bright black. */
const PALETTE = [32, 34, 33, 35, 36, 31, 37, 90] as const

/** Paints text in a series colour, or returns it unchanged when colour is off. */
export type Painter = (text: string, series: number) => string

/** A painter: ANSI colours when `on`, else plain text. */
export function painter(on: boolean): Painter {
  if (!on) return (text) => text
  return (text, series) =>
    series < 0 || text.trim() === '' ? text : `\x1b[${PALETTE[series % PALETTE.length]}m${text}\x1b[0m`
}
