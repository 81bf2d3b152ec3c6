// exec/kernels/series/fft.ts: the discrete Fourier transform of any length: iterative radix-2
// Cooley–Tukey for powers of two, Bluestein's chirp-z algorithm (a power-of-two convolution) for other
// lengths. Twiddles are computed per index from exactly reduced angles (no recurrence, so no error
// growth; quarter turns exact), the chirp from k² mod 2n. Inverse: conjugate, forward, conjugate, 1/n.

/** exp(-2πi·k/n) as [cos, sin·-1] with k reduced into [0, n); exact at multiples of n/4. */
function twiddle(k: number, n: number): [number, number] {
  const r = ((k % n) + n) % n
  if ((4 * r) % n === 0) {
    const q = (4 * r) / n
    return [[1, 0, -1, 0][q], [0, -1, 0, 1][q]]
  }
  const angle = (-2 * Math.PI * r) / n
  return [Math.cos(angle), Math.sin(angle)]
}

/** In-place radix-2 FFT (n a power of two); `sign` -1 forward. */
function radix2(re: Float64Array, im: Float64Array): void {
  const n = re.length
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1
    for (; j & bit; bit >>= 1) j ^= bit
    j ^= bit
    if (i < j) {
      ;[re[i], re[j]] = [re[j], re[i]]
      ;[im[i], im[j]] = [im[j], im[i]]
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1
    const step = n / size
    for (let k = 0; k < half; k++) {
      const [wr, wi] = twiddle(k * step, n)
      for (let s = k; s < n; s += size) {
        const t = s + half
        const xr = re[t] * wr - im[t] * wi
        const xi = re[t] * wi + im[t] * wr
        re[t] = re[s] - xr
        im[t] = im[s] - xi
        re[s] += xr
        im[s] += xi
      }
    }
  }
}

/** Bluestein: X[k] = w̄[k]·Σ x[j]w̄[j]·w[k−j] with w[m] = exp(iπm²/n), as a power-of-two convolution. */
function bluestein(re: Float64Array, im: Float64Array): void {
  const n = re.length
  let m = 1
  while (m < 2 * n - 1) m <<= 1
  const cr = new Float64Array(n)
  const ci = new Float64Array(n)
  for (let k = 0; k < n; k++) {
    // exp(-iπk²/n) = twiddle(k² mod 2n, 2n), with k² reduced exactly in integers.
    const [c, s] = twiddle(Number((BigInt(k) * BigInt(k)) % BigInt(2 * n)), 2 * n)
    ;[cr[k], ci[k]] = [c, s]
  }
  const ar = new Float64Array(m)
  const ai = new Float64Array(m)
  for (let k = 0; k < n; k++) {
    ar[k] = re[k] * cr[k] - im[k] * ci[k]
    ai[k] = re[k] * ci[k] + im[k] * cr[k]
  }
  const br = new Float64Array(m)
  const bi = new Float64Array(m)
  ;[br[0], bi[0]] = [cr[0], -ci[0]]
  for (let k = 1; k < n; k++) {
    ;[br[k], bi[k]] = [cr[k], -ci[k]]
    ;[br[m - k], bi[m - k]] = [cr[k], -ci[k]]
  }
  radix2(ar, ai)
  radix2(br, bi)
  for (let k = 0; k < m; k++) {
    const r = ar[k] * br[k] - ai[k] * bi[k]
    ai[k] = ar[k] * bi[k] + ai[k] * br[k]
    ar[k] = r
  }
  inverseRadix2(ar, ai)
  for (let k = 0; k < n; k++) {
    re[k] = ar[k] * cr[k] - ai[k] * ci[k]
    im[k] = ar[k] * ci[k] + ai[k] * cr[k]
  }
}

function inverseRadix2(re: Float64Array, im: Float64Array): void {
  for (let k = 0; k < im.length; k++) im[k] = -im[k]
  radix2(re, im)
  const n = re.length
  for (let k = 0; k < n; k++) [re[k], im[k]] = [re[k] / n, -im[k] / n]
}

/** The forward DFT of (re, im) in place, any length. */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length
  if (n <= 1) return
  if ((n & (n - 1)) === 0) radix2(re, im)
  else bluestein(re, im)
}

/** The inverse DFT (scaled by 1/n) of (re, im) in place, any length. */
export function ifft(re: Float64Array, im: Float64Array): void {
  const n = re.length
  if (n === 0) return
  for (let k = 0; k < n; k++) im[k] = -im[k]
  fft(re, im)
  for (let k = 0; k < n; k++) [re[k], im[k]] = [re[k] / n, -im[k] / n]
}
