// exec/kernels/type-check/text-checks.ts: checks of a value's text (its `tostring` form): isutf8 (no
// lone surrogate, so it encodes as UTF-8), iscc (a credit-card number: 12–19 digits, spaces or
// dashes between them allowed, Luhn checksum), isimei (15 digits, Luhn). Null is false.
import { scalarKernel } from '../executor/index.ts'

/** The Luhn checksum holds for a string of ASCII digits. */
export function luhn(digits: string): boolean {
  let sum = 0
  for (let k = 0; k < digits.length; k++) {
    let d = digits.charCodeAt(digits.length - 1 - k) - 48
    if (k % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** A credit-card number: digit groups separated by single spaces or dashes, 12–19 digits, Luhn. */
export function isCreditCard(s: string): boolean {
  if (!/^\d+(?:[ -]\d+)*$/.test(s)) return false
  const digits = s.replace(/[ -]/g, '')
  return digits.length >= 12 && digits.length <= 19 && luhn(digits)
}

/** An IMEI: exactly 15 digits passing Luhn. */
export function isImei(s: string): boolean {
  return /^\d{15}$/.test(s) && luhn(s)
}

const check = (f: (s: string) => boolean) =>
  scalarKernel({ args: ['string'], returns: 'bool', nulls: 'call', fn: (s) => s !== null && f(s) })

/** The text-check kernels. */
export const TEXT_CHECK_KERNELS = {
  isutf8: check((s) => s.isWellFormed()),
  iscc: check(isCreditCard),
  isimei: check(isImei),
}
