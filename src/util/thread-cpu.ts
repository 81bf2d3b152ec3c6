// util/thread-cpu.ts: this thread's CPU time for statistics: `process.threadCpuUsage` where Node has
// it (22.15 and later), else the whole process's (`process.cpuUsage`), so older Node 22 runs too.

const read: (previous?: NodeJS.CpuUsage) => NodeJS.CpuUsage =
  typeof process.threadCpuUsage === 'function'
    ? (previous) => process.threadCpuUsage(previous)
    : (previous) => process.cpuUsage(previous)

/** User and system CPU time of this thread (of the process on Node before 22.15), µs; a diff with `previous`. */
export function threadCpuUsage(previous?: NodeJS.CpuUsage): NodeJS.CpuUsage {
  return read(previous)
}
