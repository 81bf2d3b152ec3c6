// service/serial.ts: a one-at-a-time queue for read-modify-write changes of an in-memory document
// that is then persisted, so two concurrent requests never lose each other's change.

/** Runs queued functions one after another; a failure does not block the ones after it. */
export class Serial {
  #tail: Promise<unknown> = Promise.resolve()

  /** Runs `fn` after every earlier one has settled. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.#tail.then(fn, fn)
    this.#tail = next.catch(() => {})
    return next
  }
}
