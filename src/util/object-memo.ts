// util/object-memo.ts: a value derived from an object, kept on the object itself under a private
// symbol, so it lives exactly as long as the object: a WeakMap's lifetime without a WeakMap. V8
// marks what only a WeakMap entry keeps alive inside the stop-the-world end of a major GC (the
// ephemeron fixpoint), so the decoded dictionaries of a few dozen cached blocks (millions of
// strings) held the event loop 10–34 ms per collection that way, where an ordinary property is
// marked concurrently (measured with `--trace-gc-nvp`, `mark.ephemeron.marking`; exec/DESIGN.md).
// For memos of heavy values; a light value (a flag, a number) may as well stay in a WeakMap.

/** A memo of `V` per object of type `K` (see module header). */
export class ObjectMemo<K extends object, V> {
  readonly #key: symbol

  /** `name`: shown in a debugger only. */
  constructor(name: string) {
    this.#key = Symbol(name)
  }

  get(k: K): V | undefined {
    return (k as Record<symbol, V | undefined>)[this.#key]
  }

  /** Remembers `v` for `k`; a frozen or sealed object keeps nothing (the next `get` misses). */
  set(k: K, v: V): void {
    if (Object.isExtensible(k) || Object.hasOwn(k, this.#key)) (k as Record<symbol, V>)[this.#key] = v
  }
}
