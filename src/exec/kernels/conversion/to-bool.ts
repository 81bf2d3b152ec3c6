// exec/kernels/conversion/to-bool.ts: tobool(x) by Axiom's conversion rules: a bool as is; a number or
// timespan true unless 0; a datetime true unless the epoch; the strings 1/t/T/TRUE/true/True true and
// 0/f/F/FALSE/false/False false, any other string null (a dictionary column once per entry).
import type { Vec } from '../../vector.ts'
import { cellAt } from '../../vector.ts'
import { scalarKernel } from '../executor/index.ts'
import type { Kernel } from '../kernel.ts'

const TEXT: ReadonlyMap<string, boolean> = new Map([
  ...['1', 't', 'T', 'TRUE', 'true', 'True'].map((s) => [s, true] as const),
  ...['0', 'f', 'F', 'FALSE', 'false', 'False'].map((s) => [s, false] as const),
])

/** The bool of a string, or null. */
export function boolOfText(s: string): boolean | null {
  return TEXT.get(s) ?? null
}

const ofText = scalarKernel({ args: ['string'], returns: 'bool', fn: boolOfText })

/** A cell of a mixed or dynamic column. */
function boolOfCell(c: unknown): boolean | null {
  if (typeof c === 'boolean') return c
  if (typeof c === 'number' || typeof c === 'bigint') return Number(c) !== 0
  return typeof c === 'string' ? boolOfText(c) : null
}

export const toBoolKernel: Kernel = (args, n, site) => {
  const v: Vec = args[0]
  switch (v.kind) {
    case 'bool':
      return v
    case 'str':
      return ofText(args, n, site)
    case 'num':
    case 'span': {
      const values = new Uint8Array(n)
      for (let i = 0; i < n; i++) values[i] = v.values[i] !== 0 ? 1 : 0
      return { kind: 'bool', values, valid: v.valid }
    }
    case 'time': {
      const values = new Uint8Array(n)
      for (let i = 0; i < n; i++) values[i] = v.ms[i] !== 0 || v.ns[i] !== 0 ? 1 : 0
      return { kind: 'bool', values, valid: v.valid }
    }
    case 'dyn':
    case 'mixed': {
      const values = new Uint8Array(n)
      const valid = new Uint8Array(n)
      for (let i = 0; i < n; i++) {
        const b = boolOfCell(cellAt(v, i))
        if (b === null) continue
        values[i] = b ? 1 : 0
        valid[i] = 1
      }
      return { kind: 'bool', values, valid }
    }
  }
}
