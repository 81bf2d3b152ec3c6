// cli/interrupt.ts: Ctrl-C as a request to stop between steps: the first SIGINT (or SIGTERM) aborts
// a signal instead of killing the process, so a command can say what it finished and exit 130.

/** Exit code after an interrupt (128 + SIGINT), as shells report it. */
export const EXIT_INTERRUPTED = 130

/** An abort signal raised by the first SIGINT/SIGTERM while installed; `dispose` restores defaults. */
export function interruptSignal(): { signal: AbortSignal; dispose(): void } {
  const ac = new AbortController()
  const on = () => ac.abort(new Error('interrupted'))
  process.on('SIGINT', on)
  process.on('SIGTERM', on)
  return {
    signal: ac.signal,
    dispose: () => {
      process.off('SIGINT', on)
      process.off('SIGTERM', on)
    },
  }
}

/** The items of `source` until `signal` aborts (even while waiting for the next item). */
export async function* untilAborted<T>(source: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]()
  const aborted = new Promise<'aborted'>((resolve) => {
    if (signal.aborted) resolve('aborted')
    signal.addEventListener('abort', () => resolve('aborted'), { once: true })
  })
  try {
    for (;;) {
      const next = await Promise.race([it.next(), aborted])
      if (next === 'aborted' || next.done) return
      yield next.value
      if (signal.aborted) return
    }
  } finally {
    // Stop the source (closes the file) without waiting on a read that may never end.
    void it.return?.()
  }
}
