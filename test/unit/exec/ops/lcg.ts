// A seeded linear congruential generator for the engine tests' event fixtures: the same seed gives the
// same events on every run and machine (uniform in [0, 1)).

/** A generator of uniform numbers in [0, 1) from `seed`. */
export function lcg(seed: number): () => number {
  let x = seed
  return () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    return x / 2 ** 32
  }
}
