// exec/agg/phrase-split.ts: splits a text into the phrases `phrases` counts (catalog row `phrases`):
// words are runs of letters, marks and digits (apostrophes only inside a word), lowercased with ’ as ';
// a phrase is a run of words separated by whitespace only, broken by any other character and by a
// stop word, which is dropped.

import { PHRASE_STOPWORDS } from '../../catalog/index.ts'

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu
const SPACE_ONLY = /^\s+$/u

/** Appends the phrases of `text`, in order, to `out`. */
export function splitPhrases(text: string, out: string[]): void {
  let phrase = ''
  let end = -1
  WORD.lastIndex = 0
  for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) {
    const word = m[0].toLowerCase().replaceAll('’', "'")
    const joined = phrase !== '' && SPACE_ONLY.test(text.slice(end, m.index))
    if (phrase !== '' && !joined) {
      out.push(phrase)
      phrase = ''
    }
    end = m.index + m[0].length
    if (PHRASE_STOPWORDS.has(word)) {
      if (phrase !== '') out.push(phrase)
      phrase = ''
      continue
    }
    phrase = phrase === '' ? word : `${phrase} ${word}`
  }
  if (phrase !== '') out.push(phrase)
}
