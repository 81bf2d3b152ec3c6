// storage/mem-fs.ts: an in-memory `Fs` for stores opened without a path (and for fault tests).
// Files are byte arrays in a Map; directories are implied by path prefixes. Nothing is durable.
import * as path from 'node:path'
import type { FileHandleLike, Fs } from './fs.ts'

function enoent(file: string): Error {
  return Object.assign(new Error(`ENOENT: no such file, '${file}'`), { code: 'ENOENT' })
}

/** Growable byte buffer for one in-memory file. */
class MemFile {
  bytes = new Uint8Array(0)
  length = 0
  append(data: Uint8Array): void {
    if (this.length + data.length > this.bytes.length) {
      const next = new Uint8Array(Math.max(this.bytes.length * 2, this.length + data.length, 1024))
      next.set(this.bytes.subarray(0, this.length))
      this.bytes = next
    }
    this.bytes.set(data, this.length)
    this.length += data.length
  }
  view(): Uint8Array {
    return this.bytes.subarray(0, this.length)
  }
}

/** Create an empty in-memory file system. */
export function createMemFs(): Fs {
  const files = new Map<string, MemFile>()
  const get = (file: string): MemFile => {
    const f = files.get(path.resolve(file))
    if (!f) throw enoent(file)
    return f
  }
  const handle = (f: MemFile): FileHandleLike => ({
    async append(data) {
      for (const d of data) f.append(d)
    },
    async read(position, length) {
      return f.view().slice(position, position + length)
    },
    async sync() {},
    async truncate(length) {
      f.length = Math.min(f.length, length)
    },
    async size() {
      return f.length
    },
    async close() {},
  })
  return {
    async open(file, mode) {
      const key = path.resolve(file)
      let f = files.get(key)
      if (!f) {
        if (mode === 'r') throw enoent(file)
        f = new MemFile()
        files.set(key, f)
      }
      return handle(f)
    },
    async readFile(file) {
      return get(file).view().slice()
    },
    async writeFile(file, data) {
      const f = new MemFile()
      f.append(data)
      files.set(path.resolve(file), f)
    },
    async createExclusive(file, data) {
      if (files.has(path.resolve(file))) throw Object.assign(new Error('EEXIST'), { code: 'EEXIST' })
      await this.writeFile(file, data)
    },
    async rename(from, to) {
      const f = get(from)
      files.delete(path.resolve(from))
      files.set(path.resolve(to), f)
    },
    async unlink(file) {
      get(file)
      files.delete(path.resolve(file))
    },
    async syncFile(file) {
      get(file)
    },
    async syncDir() {},
    async mkdirp() {},
    async readdir(dir) {
      const prefix = path.resolve(dir) + path.sep
      const names = new Set<string>()
      for (const k of files.keys()) {
        if (k.startsWith(prefix)) names.add(k.slice(prefix.length).split(path.sep)[0])
      }
      return [...names]
    },
    async fileSize(file) {
      return files.get(path.resolve(file))?.length
    },
    async rmrf(dir) {
      const prefix = path.resolve(dir) + path.sep
      for (const k of [...files.keys()]) if (k.startsWith(prefix) || k === path.resolve(dir)) files.delete(k)
    },
  }
}
