// console/src/history.ts: past queries in the browser's local storage (never the token): newest
// first, duplicates moved to the front, at most 100.

const KEY = 'apldb.history'
const MAX = 100

/** The saved queries, newest first. */
export function loadHistory(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

/** Saves `apl` as the newest entry. */
export function remember(apl: string): string[] {
  const list = [apl, ...loadHistory().filter((x) => x !== apl)].slice(0, MAX)
  localStorage.setItem(KEY, JSON.stringify(list))
  return list
}
