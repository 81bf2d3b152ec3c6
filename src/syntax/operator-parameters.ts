// syntax/operator-parameters.ts: the `name=value` parameters each tabular operator accepts (kind=…,
// flags=…, withsource=…), and whether a value is a bare word or a literal. One table: to-ast.ts
// validates every parameter against it (APL0110 for an unknown one).

/** Parameters each operator accepts, and whether the value is a bare word. */
export const OPERATOR_PARAMETERS: Readonly<Record<string, Readonly<Record<string, 'word' | 'literal'>>>> = {
  search: { kind: 'word' },
  join: { kind: 'word' },
  lookup: { kind: 'word' },
  union: { withsource: 'word' },
  parse: { kind: 'word', flags: 'word' },
  'parse-where': { kind: 'word', flags: 'word' },
  'mv-expand': { kind: 'word', with_itemindex: 'word' },
  redact: { replaceToken: 'literal', replaceHash: 'literal', redactGroups: 'literal' },
}
