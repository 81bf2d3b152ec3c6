// cli/chart/braille.ts: a canvas of Unicode braille cells (2×4 dots each) for terminal plots: set
// dots, draw lines between dot positions, fill columns; each cell remembers the colour of its last
// writer. Pure: it only builds strings.

/** Dot bit of braille pattern cell (col 0–1, row 0–3), per Unicode's U+2800 layout. */
const BITS = [
  [0x01, 0x08],
  [0x02, 0x10],
  [0x04, 0x20],
  [0x40, 0x80],
] as const

/** A width × height cell canvas: `2·width` × `4·height` dots, y = 0 at the top. */
export class BrailleCanvas {
  readonly width: number
  readonly height: number
  readonly #bits: Uint8Array
  readonly #colour: Int16Array

  constructor(width: number, height: number) {
    this.width = width
    this.height = height
    this.#bits = new Uint8Array(width * height)
    this.#colour = new Int16Array(width * height).fill(-1)
  }

  /** Dots across and down. */
  get dotsX(): number {
    return this.width * 2
  }
  get dotsY(): number {
    return this.height * 4
  }

  /** Sets dot (x, y) in colour `c`; outside the canvas is ignored. */
  set(x: number, y: number, c: number): void {
    const xi = Math.round(x)
    const yi = Math.round(y)
    if (xi < 0 || yi < 0 || xi >= this.dotsX || yi >= this.dotsY) return
    const cell = Math.floor(yi / 4) * this.width + Math.floor(xi / 2)
    this.#bits[cell] |= BITS[yi % 4][xi % 2]
    this.#colour[cell] = c
  }

  /** A straight line of dots from (x0, y0) to (x1, y1). */
  line(x0: number, y0: number, x1: number, y1: number, c: number): void {
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))))
    for (let i = 0; i <= steps; i++) this.set(x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps, c)
  }

  /** Every dot of column x from y0 down to y1 (inclusive, either order). */
  column(x: number, y0: number, y1: number, c: number): void {
    const [a, b] = y0 <= y1 ? [y0, y1] : [y1, y0]
    for (let y = Math.round(a); y <= Math.round(b); y++) this.set(x, y, c)
  }

  /** Row `r` as cells: the braille character and its colour (-1: blank). */
  row(r: number): { readonly text: string; readonly colour: number }[] {
    const out: { text: string; colour: number }[] = []
    for (let x = 0; x < this.width; x++) {
      const i = r * this.width + x
      out.push({
        text: this.#bits[i] === 0 ? ' ' : String.fromCharCode(0x2800 + this.#bits[i]),
        colour: this.#colour[i],
      })
    }
    return out
  }
}
