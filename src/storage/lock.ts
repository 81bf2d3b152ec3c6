// storage/lock.ts: one writer process per store directory. The LOCK file holds the owner's pid and,
// where /proc tells it, the owner's identity (boot id and start time); a lock whose owner is gone (a
// crash, kill -9) or whose pid now names another process (reused after a restart) is taken over,
// a live owner's is refused.
import * as path from 'node:path'
import { StoreError } from './errors.ts'
import { type Fs, isErrno, processIdentity } from './fs.ts'

const heldHere = new Set<string>()

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return isErrno(e, 'EPERM')
  }
}

/** Take the lock of `dir`; resolves to a release function. */
export async function acquireLock(fs: Fs, dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, 'LOCK')
  const key = path.resolve(dir)
  if (heldHere.has(key)) {
    throw new StoreError(
      'store_locked',
      `store ${dir} is already open in this process; close it first or share the open store`,
    )
  }
  const identity = processIdentity(process.pid)
  const me = new TextEncoder().encode(`${process.pid}\n${identity === undefined ? '' : `${identity}\n`}`)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.createExclusive(file, me)
      heldHere.add(key)
      return async () => {
        heldHere.delete(key)
        await fs.unlink(file).catch(() => {})
      }
    } catch (e) {
      if (!isErrno(e, 'EEXIST')) throw e
    }
    const [pidLine, recorded] = new TextDecoder()
      .decode(await fs.readFile(file).catch(() => new Uint8Array()))
      .split('\n')
    const owner = Number(pidLine?.trim())
    // The pid is that owner only while it names the same process (a recorded identity must match).
    const same = !recorded || processIdentity(owner) === undefined || processIdentity(owner) === recorded
    if (Number.isSafeInteger(owner) && owner > 0 && owner !== process.pid && alive(owner) && same) {
      throw new StoreError(
        'store_locked',
        `store ${dir} is locked by process ${owner}; only one process may open a store directory`,
      )
    }
    // Stale lock: move it aside atomically (only one contender's rename succeeds), then retry.
    await fs.rename(file, `${file}.stale.${process.pid}`).catch(() => {})
    await fs.unlink(`${file}.stale.${process.pid}`).catch(() => {})
  }
  throw new StoreError('store_locked', `could not take the lock of store ${dir}`)
}
