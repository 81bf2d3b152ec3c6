// cli/time-options.ts: the `--start` / `--end` options of the commands that take a query window.
// Values pass through to the engine or server unchanged; they validate them (RFC 3339 or now-relative).

import { type OptionDef, type OptionValues, stringOpt } from './command.ts'

/** `--start` and `--end`. */
export const TIME_OPTIONS: Readonly<Record<string, OptionDef>> = {
  start: {
    type: 'string',
    value: 'TIME',
    description: 'window start: RFC 3339 or now-1h, now-7d… (default: unbounded)',
  },
  end: { type: 'string', value: 'TIME', description: 'window end, exclusive (default: now)' },
}

/** The window as request fields (absent when not given). */
export function timeWindow(values: OptionValues): { startTime?: string; endTime?: string } {
  const startTime = stringOpt(values, 'start')
  const endTime = stringOpt(values, 'end')
  return { ...(startTime !== undefined ? { startTime } : {}), ...(endTime !== undefined ? { endTime } : {}) }
}
