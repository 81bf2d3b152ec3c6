// exec/kernels/math/gamma.ts: gamma(x) and loggamma(x) = ln|Γ(x)| by the Lanczos approximation (g = 7,
// ~15 digits), reflection below 1/2, exact factorials at the positive integers; zero and the negative
// integers (the poles) give null, as Axiom's pages say.
import { scalarKernel } from '../executor/index.ts'

const G = 7
const C = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
]
const HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI)

/** (n - 1)! for n = 1 … 171, exact where a double can be: Γ at the positive integers. */
const FACTORIAL = new Float64Array(172)
FACTORIAL[1] = 1
for (let k = 2; k < 172; k++) FACTORIAL[k] = FACTORIAL[k - 1] * (k - 1)

/** True at a pole of Γ: zero or a negative integer. */
function isPole(x: number): boolean {
  return x <= 0 && Number.isInteger(x)
}

/** The Lanczos series A(z) for z = x - 1. */
function series(z: number): number {
  let a = C[0]
  for (let k = 1; k < G + 2; k++) a += C[k] / (z + k)
  return a
}

/** Γ(x); null at the poles. */
export function gamma(x: number): number | null {
  if (Number.isNaN(x) || isPole(x)) return Number.isNaN(x) ? x : null
  if (x < 0.5) {
    const g = gamma(1 - x) as number
    return Math.PI / (Math.sin(Math.PI * x) * g)
  }
  if (Number.isInteger(x)) return x < 172 ? FACTORIAL[x] : Number.POSITIVE_INFINITY
  if (x > 140) return Math.exp(logGamma(x) as number)
  const z = x - 1
  const t = z + G + 0.5
  return Math.sqrt(2 * Math.PI) * t ** (z + 0.5) * Math.exp(-t) * series(z)
}

/** ln |Γ(x)|; null at the poles. */
export function logGamma(x: number): number | null {
  if (Number.isNaN(x) || isPole(x)) return Number.isNaN(x) ? x : null
  if (x < 0.5) {
    const l = logGamma(1 - x) as number
    return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - l
  }
  if (Number.isInteger(x) && x < 172) return Math.log(FACTORIAL[x])
  const z = x - 1
  const t = z + G + 0.5
  return HALF_LOG_2PI + (z + 0.5) * Math.log(t) - t + Math.log(series(z))
}

/** Kernels of the gamma functions. */
export const GAMMA_KERNELS = {
  gamma: scalarKernel({ args: ['real'], returns: 'real', fn: gamma }),
  loggamma: scalarKernel({ args: ['real'], returns: 'real', fn: logGamma }),
}
