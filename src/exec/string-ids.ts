// exec/string-ids.ts: string → id maps for building dictionaries, linear on long strings. V8 hashes
// a string of more than 16,383 code units by its length alone, so a Map holding many long strings
// of one length compares each lookup against all of them (quadratic: 1,000 distinct 512 KiB strings
// took minutes). Long strings are therefore never deduplicated: each gets its own entry (a
// dictionary may hold one twice; readers compare entries by value, never by code).

/** Longest string V8 hashes by content (String::kMaxHashCalcLength). */
const V8_HASHED = 16_383

/** Ids of distinct (short) strings (see module header). */
export class StringIds {
  readonly #ids = new Map<string, number>()

  /** The id of `s`, or undefined (always for a long string). */
  get(s: string): number | undefined {
    return s.length <= V8_HASHED ? this.#ids.get(s) : undefined
  }

  /** Records `s` under `id` (a long string is not recorded). */
  set(s: string, id: number): void {
    if (s.length <= V8_HASHED) this.#ids.set(s, id)
  }
}
