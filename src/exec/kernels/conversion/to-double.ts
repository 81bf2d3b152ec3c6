// exec/kernels/conversion/to-double.ts: conversion kernels (todouble/toreal). Strings parse once per
// dictionary entry; values that do not convert are null.
import type { NumVec } from '../../vector.ts'
import { cellAt } from '../../vector.ts'
import type { Kernel } from '../kernel.ts'
import { parseNumber } from '../parse-number.ts'

/** todouble(x) / toreal(x). */
export const toDoubleKernel: Kernel = (args, n) => {
  const v = args[0]
  if (v.kind === 'num')
    return { kind: 'num', type: 'real', values: v.values, valid: v.valid } satisfies NumVec
  const values = new Float64Array(n)
  const valid = new Uint8Array(n)
  if (v.kind === 'str') {
    const parsed = new Float64Array(v.dict.length)
    const ok = new Uint8Array(v.dict.length)
    for (let d = 0; d < v.dict.length; d++) {
      const p = parseNumber(v.dict[d])
      if (p !== null) {
        parsed[d] = p
        ok[d] = 1
      }
    }
    for (let i = 0; i < n; i++) {
      const c = v.codes[i]
      if (c >= 0 && ok[c]) {
        values[i] = parsed[c]
        valid[i] = 1
      }
    }
    return { kind: 'num', type: 'real', values, valid }
  }
  for (let i = 0; i < n; i++) {
    const c = cellAt(v, i)
    const x =
      typeof c === 'number'
        ? c
        : typeof c === 'boolean'
          ? c
            ? 1
            : 0
          : typeof c === 'string'
            ? parseNumber(c)
            : null
    if (x !== null) {
      values[i] = x
      valid[i] = 1
    }
  }
  return { kind: 'num', type: 'real', values, valid }
}
