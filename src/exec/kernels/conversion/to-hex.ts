// exec/kernels/conversion/to-hex.ts: tohex(value [, minLength]): lower-case hexadecimal of a long (a
// negative one as its 64-bit two's complement, as Kusto prints it), left-padded with zeros to
// minLength; a real is truncated, a non-number is null.
import { scalarKernel } from '../executor/index.ts'

/** Hex text of an integral number, padded to `minLength`. */
export function hexOf(x: number, minLength: number | undefined): string {
  const digits = x >= 0 ? x.toString(16) : BigInt.asUintN(64, BigInt(x)).toString(16)
  return minLength !== undefined && minLength > digits.length ? digits.padStart(minLength, '0') : digits
}

export const toHexKernel = scalarKernel({ args: ['long', 'long?'], returns: 'string', fn: hexOf })
