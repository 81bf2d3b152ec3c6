// grammar/token-names.ts: name tokens (apl-reference §2.1): the Identifier category and its base members.
// Split from tokens.ts so keywords.ts can refer to them without an import cycle.

import { createToken, Lexer } from 'chevrotain'

/** Category of everything usable as a name: plain identifiers, `$left`/`$right` and soft keywords. */
export const Identifier = createToken({ name: 'Identifier', pattern: Lexer.NA, label: 'identifier' })

/** Plain identifier: letters, digits, `_`, not starting with a digit (apl-reference §2.1). */
export const PlainIdentifier = createToken({
  name: 'PlainIdentifier',
  pattern: /[A-Za-z_][A-Za-z0-9_]*/,
  categories: [Identifier],
  label: 'identifier',
})
/** Join side qualifiers `$left` / `$right`. */
export const DollarName = createToken({
  name: 'DollarName',
  pattern: /\$(?:left|right)(?![A-Za-z0-9_])/,
  categories: [Identifier],
  label: '$left or $right',
})
