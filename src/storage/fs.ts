// storage/fs.ts: the only module that imports node:fs. Every path the store writes goes through
// an `Fs`, so fault-injection and power-loss tests can swap the implementation (see mem-fs.ts).
// Every whole-file write ends in fsync(file) → rename → fsync(dir) (`writeFileDurable`).
import { readFileSync } from 'node:fs'
import * as nodefs from 'node:fs/promises'
import * as path from 'node:path'

/**
 * Who process `pid` is beyond its number: the boot id and its start time in clock ticks since boot
 * (Linux /proc), so a pid reused by an unrelated process after a crash or reboot is told apart.
 * Undefined where /proc is not there (then the pid alone must do).
 */
export function processIdentity(pid: number): string | undefined {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces and parentheses): starttime is field 22.
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
    return start === undefined ? undefined : `${boot}/${start}`
  } catch {
    return undefined
  }
}

/** An open file: positional reads, appends, and syncs. */
export interface FileHandleLike {
  /** Append the buffers, in order, at the end of the file (one writev where possible). */
  append(data: readonly Uint8Array[]): Promise<void>
  /** Read `length` bytes at `position`; returns fewer at end of file. */
  read(position: number, length: number): Promise<Uint8Array>
  /** fdatasync: data and the metadata needed to read it. */
  sync(): Promise<void>
  truncate(length: number): Promise<void>
  size(): Promise<number>
  close(): Promise<void>
}

/** The file-system operations the store uses, nothing more. */
export interface Fs {
  /** 'a' = append (create if missing), 'r' = read only. */
  open(file: string, mode: 'a' | 'r'): Promise<FileHandleLike>
  readFile(file: string): Promise<Uint8Array>
  /** Create or replace `file` with `data`, without syncing (callers use writeFileDurable). */
  writeFile(file: string, data: Uint8Array): Promise<void>
  /** Create `file` exclusively; rejects with code EEXIST when it exists. */
  createExclusive(file: string, data: Uint8Array): Promise<void>
  rename(from: string, to: string): Promise<void>
  unlink(file: string): Promise<void>
  /** fsync a file by path. */
  syncFile(file: string): Promise<void>
  /** fsync a directory so renames and unlinks in it are durable. */
  syncDir(dir: string): Promise<void>
  mkdirp(dir: string): Promise<void>
  readdir(dir: string): Promise<string[]>
  /** Size in bytes, or undefined when the file does not exist. */
  fileSize(file: string): Promise<number | undefined>
  rmrf(dir: string): Promise<void>
}

/** True for a Node error with the given `code`. */
export function isErrno(e: unknown, code: string): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === code
}

class NodeFileHandle implements FileHandleLike {
  readonly #h: nodefs.FileHandle
  constructor(h: nodefs.FileHandle) {
    this.#h = h
  }
  async append(data: readonly Uint8Array[]): Promise<void> {
    let bufs = data.filter((d) => d.length > 0)
    // writev may write less than asked; continue from where it stopped.
    while (bufs.length > 0) {
      const batch = bufs.slice(0, 1024)
      let { bytesWritten } = await this.#h.writev(batch)
      let i = 0
      while (i < batch.length && bytesWritten >= batch[i].length) bytesWritten -= batch[i++].length
      bufs =
        i < batch.length
          ? [batch[i].subarray(bytesWritten), ...batch.slice(i + 1), ...bufs.slice(batch.length)]
          : bufs.slice(batch.length)
    }
  }
  async read(position: number, length: number): Promise<Uint8Array> {
    const buf = Buffer.allocUnsafe(length)
    let got = 0
    while (got < length) {
      const { bytesRead } = await this.#h.read(buf, got, length - got, position + got)
      if (bytesRead === 0) break
      got += bytesRead
    }
    return got === length ? buf : buf.subarray(0, got)
  }
  sync(): Promise<void> {
    return this.#h.datasync()
  }
  truncate(length: number): Promise<void> {
    return this.#h.truncate(length)
  }
  async size(): Promise<number> {
    return (await this.#h.stat()).size
  }
  close(): Promise<void> {
    return this.#h.close()
  }
}

/** The real file system. */
export const nodeFs: Fs = {
  async open(file, mode) {
    return new NodeFileHandle(await nodefs.open(file, mode))
  },
  async readFile(file) {
    return nodefs.readFile(file)
  },
  writeFile(file, data) {
    return nodefs.writeFile(file, data)
  },
  createExclusive(file, data) {
    return nodefs.writeFile(file, data, { flag: 'wx' })
  },
  rename(from, to) {
    return nodefs.rename(from, to)
  },
  unlink(file) {
    return nodefs.unlink(file)
  },
  async syncFile(file) {
    const h = await nodefs.open(file, 'r+')
    try {
      await h.sync()
    } finally {
      await h.close()
    }
  },
  async syncDir(dir) {
    const h = await nodefs.open(dir, 'r')
    try {
      await h.sync()
    } finally {
      await h.close()
    }
  },
  async mkdirp(dir) {
    await nodefs.mkdir(dir, { recursive: true })
  },
  async readdir(dir) {
    try {
      return await nodefs.readdir(dir)
    } catch (e) {
      if (isErrno(e, 'ENOENT')) return []
      throw e
    }
  },
  async fileSize(file) {
    try {
      return (await nodefs.stat(file)).size
    } catch (e) {
      if (isErrno(e, 'ENOENT')) return undefined
      throw e
    }
  },
  rmrf(dir) {
    return nodefs.rm(dir, { recursive: true, force: true })
  },
}

/**
 * Write a whole file durably: `tmpDir/<name>.tmp` → fsync → rename to `file` → fsync(dir).
 * With `sync` false (durability 'none') the fsyncs are skipped but the rename stays atomic.
 */
export async function writeFileDurable(
  fs: Fs,
  file: string,
  data: Uint8Array,
  tmpDir: string,
  sync: boolean,
): Promise<void> {
  const tmp = path.join(tmpDir, `${path.basename(file)}.${process.pid}.${tmpCounter++}.tmp`)
  await fs.writeFile(tmp, data)
  if (sync) await fs.syncFile(tmp)
  await fs.rename(tmp, file)
  if (sync) await fs.syncDir(path.dirname(file))
}
let tmpCounter = 0
