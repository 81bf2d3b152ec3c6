// exec/leaf-call.ts: calls a hot leaf loop so that V8's mid-tier compiler (Maglev) cannot inline it.
// A caller run once per batch stays in Maglev for ~3000 calls; a loop inlined there runs in Maglev's
// slower code for as long (measured 3–4× slower per row than the loop compiled on its own).

/**
 * `loop(...args)` through Reflect.apply, which Maglev does not inline (TurboFan still may, where the
 * loop stays fast). One small array per call: for per-batch calls, never per row.
 */
export function leafCall<A extends unknown[], R>(loop: (...args: A) => R, ...args: A): R {
  return Reflect.apply(loop, undefined, args)
}
