// util/time/index.ts: the time toolkit's public surface (parsing, formatting, durations,
// relative bounds). Pure functions only; nothing here reads the clock or does I/O.

export { AUTO_LAYOUTS, parseTimeAuto } from './auto.ts'
export {
  civilFromDays,
  civilToNs,
  daysFromCivil,
  daysInMonth,
  isLeapYear,
  MAX_INT64_NS,
  MIN_INT64_NS,
  NS_PER_MS,
  NS_PER_SECOND,
  SECONDS_PER_DAY,
} from './civil.ts'
export {
  type DurationUnits,
  formatGoDuration,
  GO_DURATION_UNITS,
  parseClockDuration,
  parseDurationText,
  parseDurationWithUnits,
  parseGoDuration,
} from './duration.ts'
export { epochToNs, epochToParts, parseEpochString } from './epoch.ts'
export { formatGoTimeString, formatRfc3339Nano } from './format.ts'
export { GO_NAMED_LAYOUTS, parseGoLayout } from './go-layout.ts'
export {
  bigintToParts,
  type NsParts,
  partsInInt64,
  partsToBigint,
  writeParts,
} from './ns-parts.ts'
export { parseTimeBound, RELATIVE_UNITS } from './relative.ts'
export { parseRfc3339, parseRfc3339Parts } from './rfc3339.ts'
