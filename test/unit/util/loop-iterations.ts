// Test helper: counts event-loop iterations (a setImmediate chain ticks once per check phase) until stopped.
export function loopIterations(): { now(): number; stop(): void } {
  let n = 0
  let on = true
  const tick = () => {
    n++
    if (on) setImmediate(tick)
  }
  setImmediate(tick)
  return {
    now: () => n,
    stop: () => {
      on = false
    },
  }
}
