// Long kernels observe the query's guard: a kernel built with the executor helper calls the guard's
// interrupt check between chunks of rows (and between dictionary entries), so a query whose deadline
// passes, or which is cancelled, stops inside the kernel with `deadline_exceeded` / `aborted`
// instead of finishing the batch. The guard is told to stop after a number of checks or calls (never
// by the clock), so every outcome here is deterministic.
import { describe, expect, it } from 'vitest'
import { fromCells } from '../../../../src/exec/batch.ts'
import { evaluate, scopeOf } from '../../../../src/exec/eval/evaluate.ts'
import { QueryGuard } from '../../../../src/exec/guard.ts'
import { scalarKernel } from '../../../../src/exec/kernels/executor/index.ts'
import { KERNEL_CHECK_ROWS, type KernelSite } from '../../../../src/exec/kernels/kernel.ts'
import { compileApl, staticSchema } from '../../../../src/plan/index.ts'

const env = { strictTypes: false, binAutoStep: 1n, now: 0n }

describe('helper-built kernels and the query guard', () => {
  it('a kernel whose query is stopped midway throws deadline_exceeded before its last row', () => {
    let calls = 0
    const k = scalarKernel({
      args: ['long'],
      returns: 'long',
      fn: (x) => {
        calls++
        return x + 1
      },
    })
    const n = KERNEL_CHECK_ROWS * 8
    const col = fromCells(
      'long',
      Array.from({ length: n }, (_, i) => i),
    )
    // The query is cancelled (from another thread, say) once the kernel has done 3 chunks' work.
    const guard = new QueryGuard({ stopped: () => calls >= 3 * KERNEL_CHECK_ROWS })
    const site: KernelSite = { type: 'long', coercion: 'none', env, interrupt: guard.interrupt }
    expect(() => k([col], n, site)).toThrow(expect.objectContaining({ code: 'deadline_exceeded' }))
    expect(calls).toBe(3 * KERNEL_CHECK_ROWS)
  })

  it('an aborted query stops a kernel over dictionary strings at its next check', () => {
    let calls = 0
    const k = scalarKernel({
      args: ['string'],
      returns: 'long',
      fn: (s) => {
        calls++
        return s.length
      },
    })
    const n = KERNEL_CHECK_ROWS * 4
    const col = fromCells(
      'string',
      Array.from({ length: n }, (_, i) => `v${i}`),
    )
    const ac = new AbortController()
    const guard = new QueryGuard({ signal: ac.signal })
    const site: KernelSite = {
      type: 'long',
      coercion: 'none',
      env,
      interrupt: () => {
        if (calls >= KERNEL_CHECK_ROWS) ac.abort()
        guard.interrupt()
      },
    }
    expect(() => k([col], n, site)).toThrow(expect.objectContaining({ code: 'aborted' }))
    expect(calls).toBeLessThan(n)
  })

  it("evaluation hands a catalog kernel the query's guard: a query stopped while strlen runs fails inside it", () => {
    const plan = compileApl(`datatable(s:string)['a'] | extend n = strlen(s)`, staticSchema({})).plan
    if (plan?.root.kind !== 'Extend') throw new Error('no plan')
    const expr = plan.root.columns[0].expr
    const schema = plan.root.input.schema
    const rows = KERNEL_CHECK_ROWS * 4
    const b = {
      length: rows,
      sel: null,
      cols: [
        fromCells(
          'string',
          Array.from({ length: rows }, (_, i) => `row ${i}`),
        ),
      ],
    }
    const scope = (guard: QueryGuard) => scopeOf(schema, { ...env, guard })
    // Without a stop, one evaluation consults the guard more than once: the kernel checks too.
    let consulted = 0
    const counting = new QueryGuard({
      stopped: () => {
        consulted++
        return false
      },
    })
    expect(evaluate(expr, b, scope(counting)).kind).toBe('num')
    expect(consulted).toBeGreaterThan(2)
    // Stopped at the guard's second check (the first is the evaluator's, before the kernel starts):
    // the stop is seen inside strlen, which never returns.
    let seen = 0
    const stopping = new QueryGuard({ stopped: () => ++seen >= 2 })
    expect(() => evaluate(expr, b, scope(stopping))).toThrow(
      expect.objectContaining({ code: 'deadline_exceeded' }),
    )
    expect(seen).toBe(2)
  })
})
