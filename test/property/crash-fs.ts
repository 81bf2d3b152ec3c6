// test/property/crash-fs.ts: an in-memory Fs that simulates power loss. Each file keeps the bytes
// last fsynced apart from its current bytes; `crash()` returns the disk a restart would find: synced
// bytes, plus a random prefix of the unsynced appends (a torn write) for append-mode files, and
// all-or-nothing for unsynced whole-file writes. Names (create, rename, unlink) are durable at once
// (a journaling file system's ordered metadata). `failAfter(k)` kills the disk after k more writes:
// that write and every later call fail with EIO, as a process would see before power goes.
import * as path from 'node:path'
import type { FileHandleLike, Fs } from '../../src/storage/fs.ts'

interface Inode {
  data: Uint8Array
  length: number
  /** Bytes durable on the platter (a prefix of the file for append-mode files). */
  synced: number
  /** Written by open('a') appends (tearable), not as a whole file. */
  appendMode: boolean
}

function errno(code: string, file: string): Error {
  return Object.assign(new Error(`${code}: ${file}`), { code })
}

function grow(f: Inode, extra: number): void {
  if (f.length + extra <= f.data.length) return
  const next = new Uint8Array(Math.max(f.data.length * 2, f.length + extra, 256))
  next.set(f.data.subarray(0, f.length))
  f.data = next
}

/** A power-loss simulating in-memory file system (see module header). */
export class CrashFs implements Fs {
  readonly #files: Map<string, Inode>
  #dead = false
  #budget = Number.POSITIVE_INFINITY
  /** Mutating calls so far (for figures). */
  writes = 0

  constructor(files: Map<string, Inode> = new Map()) {
    this.#files = files
  }

  /** Kill the disk after `k` more mutating calls. */
  failAfter(k: number): void {
    this.#budget = k
  }

  get dead(): boolean {
    return this.#dead
  }

  /** Power off now: this instance fails from here on; returns the disk a restart finds. */
  crash(random: () => number): CrashFs {
    this.#dead = true
    const out = new Map<string, Inode>()
    for (const [name, f] of this.#files) {
      let keep = Math.min(f.synced, f.length)
      const unsynced = f.length - keep
      if (unsynced > 0) {
        // Append-mode files can tear anywhere; whole-file writes survive whole or not at all.
        keep += f.appendMode ? Math.floor(random() * (unsynced + 1)) : random() < 0.5 ? unsynced : 0
      }
      const data = f.data.slice(0, keep)
      out.set(name, { data, length: keep, synced: keep, appendMode: f.appendMode })
    }
    return new CrashFs(out)
  }

  /** Names of every file, sorted, with sizes (to prove nothing was written). */
  fingerprint(): string[] {
    return [...this.#files].map(([n, f]) => `${n}:${f.length}`).sort()
  }

  /** Files directly or indirectly under `dir`. */
  filesUnder(dir: string): string[] {
    const prefix = path.resolve(dir) + path.sep
    return [...this.#files.keys()].filter((k) => k.startsWith(prefix)).sort()
  }

  #check(file: string): void {
    if (this.#dead) throw errno('EIO', file)
  }

  #write(file: string): void {
    this.#check(file)
    this.writes++
    if (this.#budget-- <= 0) {
      this.#dead = true
      throw errno('EIO', file)
    }
  }

  #get(file: string): Inode {
    const f = this.#files.get(path.resolve(file))
    if (!f) throw errno('ENOENT', file)
    return f
  }

  #handle(file: string, f: Inode): FileHandleLike {
    return {
      append: async (data) => {
        this.#write(file)
        for (const d of data) {
          grow(f, d.length)
          f.data.set(d, f.length)
          f.length += d.length
        }
      },
      read: async (position, length) => {
        this.#check(file)
        return f.data.slice(position, Math.min(f.length, position + length))
      },
      sync: async () => {
        this.#write(file)
        f.synced = f.length
      },
      truncate: async (length) => {
        this.#write(file)
        f.length = Math.min(f.length, length)
        f.synced = Math.min(f.synced, f.length)
      },
      size: async () => {
        this.#check(file)
        return f.length
      },
      close: async () => {},
    }
  }

  async open(file: string, mode: 'a' | 'r'): Promise<FileHandleLike> {
    this.#check(file)
    const key = path.resolve(file)
    let f = this.#files.get(key)
    if (!f) {
      if (mode === 'r') throw errno('ENOENT', file)
      this.#write(file)
      f = { data: new Uint8Array(0), length: 0, synced: 0, appendMode: true }
      this.#files.set(key, f)
    }
    return this.#handle(file, f)
  }

  async readFile(file: string): Promise<Uint8Array> {
    this.#check(file)
    const f = this.#get(file)
    return f.data.slice(0, f.length)
  }

  async writeFile(file: string, data: Uint8Array): Promise<void> {
    this.#write(file)
    this.#files.set(path.resolve(file), {
      data: data.slice(),
      length: data.length,
      synced: 0,
      appendMode: false,
    })
  }

  async createExclusive(file: string, data: Uint8Array): Promise<void> {
    this.#check(file)
    if (this.#files.has(path.resolve(file))) throw errno('EEXIST', file)
    await this.writeFile(file, data)
  }

  async rename(from: string, to: string): Promise<void> {
    this.#write(from)
    const f = this.#get(from)
    this.#files.delete(path.resolve(from))
    this.#files.set(path.resolve(to), f)
  }

  async unlink(file: string): Promise<void> {
    this.#write(file)
    this.#get(file)
    this.#files.delete(path.resolve(file))
  }

  async syncFile(file: string): Promise<void> {
    this.#write(file)
    const f = this.#get(file)
    f.synced = f.length
  }

  async syncDir(dir: string): Promise<void> {
    this.#write(dir)
  }

  async mkdirp(dir: string): Promise<void> {
    this.#check(dir)
  }

  async readdir(dir: string): Promise<string[]> {
    this.#check(dir)
    const prefix = path.resolve(dir) + path.sep
    const names = new Set<string>()
    for (const k of this.#files.keys())
      if (k.startsWith(prefix)) names.add(k.slice(prefix.length).split(path.sep)[0])
    return [...names]
  }

  async fileSize(file: string): Promise<number | undefined> {
    this.#check(file)
    return this.#files.get(path.resolve(file))?.length
  }

  async rmrf(dir: string): Promise<void> {
    this.#write(dir)
    const root = path.resolve(dir)
    for (const k of [...this.#files.keys()])
      if (k === root || k.startsWith(root + path.sep)) this.#files.delete(k)
  }
}
