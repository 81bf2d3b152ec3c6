// test/unit/exec/kernels/executor.test.ts: the kernel-authoring helper (exec/kernels/executor): one
// per-value function becomes a kernel that handles nulls, constants, dictionary strings (one call
// per entry used), selections, mixed and dynamic columns, optional arguments, the bound result type
// and the interrupt hook.
import { describe, expect, it } from 'vitest'
import { constantVec } from '../../../../src/exec/kernels/constants.ts'
import { scalarKernel } from '../../../../src/exec/kernels/executor/index.ts'
import { KERNEL_CHECK_ROWS, type KernelSite } from '../../../../src/exec/kernels/kernel.ts'
import type { Vec } from '../../../../src/exec/vector.ts'
import { cellAt, vecLength } from '../../../../src/exec/vector.ts'

const env = { strictTypes: false, binAutoStep: 1n, now: 0n }
const site = (type: KernelSite['type'], more: Partial<KernelSite> = {}): KernelSite => ({
  type,
  coercion: 'none',
  env,
  ...more,
})
const cells = (v: Vec) => Array.from({ length: vecLength(v) }, (_, i) => cellAt(v, i))
const nums = (xs: (number | null)[], type: 'long' | 'real' = 'long'): Vec => ({
  kind: 'num',
  type,
  values: Float64Array.from(xs, (x) => x ?? 0),
  valid: Uint8Array.from(xs, (x) => (x === null ? 0 : 1)),
})
const strs = (dict: string[], codes: number[]): Vec => ({ kind: 'str', codes: Int32Array.from(codes), dict })

describe('scalarKernel', () => {
  it('calls the function once per dictionary entry the rows use; null rows stay null', () => {
    let calls = 0
    const k = scalarKernel({
      args: ['string'],
      returns: 'long',
      fn: (s) => {
        calls++
        return s.length
      },
    })
    const v = strs(['a', 'bbb', 'cc'], [1, 1, -1, 0, 1, 0])
    expect(cells(k([v], 6, site('long')))).toEqual([3, 3, null, 1, 3, 1])
    expect(calls).toBe(3)
  })

  it('evaluates only the entries live rows use when the dictionary is larger than the selection', () => {
    const seen: string[] = []
    const k = scalarKernel({
      args: ['string'],
      returns: 'string',
      fn: (s) => {
        seen.push(s)
        return s.toUpperCase()
      },
    })
    const v = strs(['a', 'b', 'c', 'd', 'e'], [0, 1, 2, 3, 4])
    const out = k([v], 5, site('string', { sel: Uint32Array.from([1, 3]) }))
    expect(seen.sort()).toEqual(['b', 'd'])
    expect([cellAt(out, 1), cellAt(out, 3)]).toEqual(['B', 'D'])
  })

  it('keeps the input codes for a string result without nulls, and maps codes when some are null', () => {
    const k = scalarKernel({ args: ['string'], returns: 'string', fn: (s) => (s === 'x' ? null : `<${s}>`) })
    const v = strs(['p', 'q'], [0, 1, -1, 1])
    const out = k([v], 4, site('string'))
    expect(out.kind === 'str' && out.codes).toBe((v as Extract<Vec, { kind: 'str' }>).codes)
    expect(cells(out)).toEqual(['<p>', '<q>', null, '<q>'])
    expect(cells(k([strs(['x', 'y'], [0, 1, 0])], 3, site('string')))).toEqual([null, '<y>', null])
  })

  it('calls once when every argument is constant', () => {
    let calls = 0
    const k = scalarKernel({
      args: ['long', 'long'],
      returns: 'long',
      fn: (a, b) => {
        calls++
        return a * b
      },
    })
    const out = k([constantVec('long', 6n, 4), constantVec('long', 7n, 4)], 4, site('long'))
    expect(cells(out)).toEqual([42, 42, 42, 42])
    expect(calls).toBe(1)
  })

  it('skips nulls by default, passes them with nulls: call; omitted optional arguments are undefined', () => {
    const skip = scalarKernel({ args: ['long', 'long?'], returns: 'long', fn: (a, b) => a + (b ?? 100) })
    expect(cells(skip([nums([1, null, 3])], 3, site('long')))).toEqual([101, null, 103])
    expect(cells(skip([nums([1, null, 3]), nums([10, 20, null])], 3, site('long')))).toEqual([11, null, null])
    const call = scalarKernel({
      args: ['long'],
      returns: 'bool',
      nulls: 'call',
      fn: (a) => a === null,
    })
    expect(cells(call([nums([1, null])], 2, site('bool')))).toEqual([false, true])
  })

  it('computes only the selected rows of a numeric column', () => {
    const seen: number[] = []
    const k = scalarKernel({
      args: ['real'],
      returns: 'real',
      fn: (x) => {
        seen.push(x)
        return x * 2
      },
    })
    const out = k([nums([1, 2, 3, 4], 'real')], 4, site('real', { sel: Uint32Array.from([0, 2]) }))
    expect(seen).toEqual([1, 3])
    expect([cellAt(out, 0), cellAt(out, 2)]).toEqual([2, 6])
  })

  it('reads mixed and dynamic columns cell by cell, a value of another kind as null', () => {
    const k = scalarKernel({ args: ['number'], returns: 'real', fn: (x) => x + 0.5 })
    const mixed: Vec = { kind: 'mixed', values: [1, 'x', null, 2.5, true] }
    expect(cells(k([mixed], 5, site('real')))).toEqual([1.5, null, null, 3, 1.5])
    const text = scalarKernel({ args: ['string'], returns: 'long', fn: (s) => s.length })
    const dyn: Vec = { kind: 'dyn', values: ['abc', 12345, null, [1, 2]] }
    expect(cells(text([dyn], 4, site('long')))).toEqual([3, 5, null, 5])
  })

  it('reads datetimes exactly as bigints or as milliseconds, and writes both back', () => {
    const t: Vec = {
      kind: 'time',
      ms: Float64Array.from([1_000, 2_000]),
      ns: Int32Array.from([5, 0]),
      valid: Uint8Array.from([1, 0]),
    }
    const exact = scalarKernel({ args: ['datetime'], returns: 'datetime', fn: (ns) => ns + 1n })
    expect(cells(exact([t], 2, site('datetime')))).toEqual([1_000_000_006n, null])
    const ms = scalarKernel({ args: ['datetime_ms'], returns: 'datetime_ms', fn: (x) => x - (x % 1_000) })
    expect(cells(ms([t], 2, site('datetime')))).toEqual([1_000_000_000n, null])
  })

  it('gives a dynamic call JSON cells, and a NaN long result is null', () => {
    const k = scalarKernel({
      args: ['number'],
      returns: 'long',
      fn: (x) => (x > 0 ? Math.floor(x) : Number.NaN),
    })
    const out = k([{ kind: 'dyn', values: [2.5, -1, 'a'] }], 3, site('dynamic'))
    expect(out.kind).toBe('dyn')
    expect(cells(out)).toEqual([2, null, null])
  })

  it('calls the interrupt hook between chunks of KERNEL_CHECK_ROWS rows, and stops when it throws', () => {
    const k = scalarKernel({ args: ['long', 'long'], returns: 'long', fn: (a, b) => a + b })
    const n = KERNEL_CHECK_ROWS * 2 + 5
    const col = nums(Array.from({ length: n }, (_, i) => i))
    let checks = 0
    k([col, col], n, site('long', { interrupt: () => checks++ }))
    expect(checks).toBe(2)
    const stop = () => {
      throw new Error('deadline')
    }
    expect(() => k([col, col], n, site('long', { interrupt: stop }))).toThrow('deadline')
  })
})
