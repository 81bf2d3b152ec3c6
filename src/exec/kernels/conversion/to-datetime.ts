// exec/kernels/conversion/to-datetime.ts: todatetime(x): datetimes pass, numbers are epoch ns (reals
// truncate, NaN/±Inf null), strings go through the engine's permissive timestamp parser (RFC 3339 / ISO
// 8601 and the auto layouts of util/time) once per dictionary entry; anything else is null (rule 11),
// and so is a time outside the int64 nanoseconds a datetime holds (years 1677–2262).
import { parseTimeAuto } from '../../../util/time/index.ts'
import type { TimeVec } from '../../vector.ts'
import { cellAt } from '../../vector.ts'
import { splitNs } from '../constants.ts'
import type { Kernel } from '../kernel.ts'

/** Writes epoch ns `t` (an integral double) at row `i`, exactly beyond 2^53 via bigint. */
function putNumber(ms: Float64Array, ns: Int32Array, i: number, t: number): void {
  if (Number.isSafeInteger(t)) {
    const m = Math.floor(t / 1e6)
    ms[i] = m
    ns[i] = t - m * 1e6
    return
  }
  putBig(ms, ns, i, BigInt(t))
}

function putBig(ms: Float64Array, ns: Int32Array, i: number, t: bigint): void {
  const s = splitNs(t)
  ms[i] = s.ms
  ns[i] = s.ns
}

/** Epoch ns a datetime can hold: int64 (what the store keeps). */
const MIN_NS = -(2n ** 63n)
const MAX_NS = 2n ** 63n - 1n
/** The same bounds as numbers (every double in [-2^63, 2^63) is an int64). */
const MIN_NUM = -(2 ** 63)
const MAX_NUM = 2 ** 63

/** `t` when a datetime can hold it, else null. */
const inRange = (t: bigint | null): bigint | null => (t === null || t < MIN_NS || t > MAX_NS ? null : t)

/** A string's epoch ns, or null (surrounding spaces ignored). */
const parseText = (s: string): bigint | null => parseTimeAuto(s.trim())

/** todatetime(value). */
export const toDateTimeKernel: Kernel = (args, n) => {
  const v = args[0]
  if (v.kind === 'time') return v
  const ms = new Float64Array(n)
  const ns = new Int32Array(n)
  const valid = new Uint8Array(n)
  if (v.kind === 'num') {
    for (let i = 0; i < n; i++) {
      const x = v.values[i]
      if ((v.valid && !v.valid[i]) || !(x >= MIN_NUM && x < MAX_NUM)) continue
      putNumber(ms, ns, i, Math.trunc(x))
      valid[i] = 1
    }
  } else if (v.kind === 'str') {
    const parsed = v.dict.map((s) => inRange(parseText(s)))
    for (let i = 0; i < n; i++) {
      const t = v.codes[i] < 0 ? null : parsed[v.codes[i]]
      if (t === null) continue
      putBig(ms, ns, i, t)
      valid[i] = 1
    }
  } else if (v.kind === 'dyn' || v.kind === 'mixed') {
    for (let i = 0; i < n; i++) {
      const c = cellAt(v, i)
      const t = inRange(
        typeof c === 'string'
          ? parseText(c)
          : typeof c === 'bigint'
            ? c
            : typeof c === 'number' && Number.isFinite(c)
              ? BigInt(Math.trunc(c))
              : null,
      )
      if (t === null) continue
      putBig(ms, ns, i, t)
      valid[i] = 1
    }
  }
  return { kind: 'time', ms, ns, valid } satisfies TimeVec
}
