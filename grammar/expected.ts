// grammar/expected.ts: the parser's error-message provider. It phrases only WHAT WAS EXPECTED
// ("`)`", "an expression"); src/syntax turns that into a coded diagnostic with the found token.

import { EOF, type IParserErrorMessageProvider, type TokenType, tokenLabel } from 'chevrotain'

/** Rules whose expected set reads better as a phrase than as a token list. */
const RULE_PHRASES: Readonly<Record<string, string>> = {
  expression: 'an expression',
  logicalOrExpression: 'an expression',
  logicalAndExpression: 'an expression',
  logicalNotExpression: 'an expression',
  equalityExpression: 'an expression',
  relationalExpression: 'an expression',
  additiveExpression: 'an expression',
  multiplicativeExpression: 'an expression',
  stringOperatorExpression: 'an expression',
  unaryExpression: 'an expression',
  postfixExpression: 'an expression',
  primaryExpression: 'an expression',
  namedExpression: 'an expression',
  argumentExpression: 'an expression',
  orderedExpression: 'an expression',
  pipeExpression: 'a dataset, sub-query or expression',
  beforePipeExpression: 'a dataset, sub-query or expression',
  queryOperator: 'a tabular operator (where, summarize, project, extend, take, sort, …)',
  unsignedLiteralExpression: 'a literal',
  literalExpression: 'a literal',
  parameterValue: 'a name or a literal',
  jsonValue: 'a JSON value',
  columnName: 'a column name',
  namePattern: 'a column name or pattern',
  namePatternPiece: 'a column name or pattern',
  unionOperatorExpression: 'a dataset name, pattern or parenthesised sub-query',
  parseOperatorPattern: 'a parse pattern (`*`, a string or a column name)',
  statement: '`let` or `set`',
  stringOperator: 'a string operator',
}

/** `'x'` labels become backticked; descriptive labels stay as they are. */
export function describeTokenType(type: TokenType): string {
  if (type === EOF) return 'end of query'
  const label = tokenLabel(type)
  return /^'.*'$/.test(label) ? `\`${label.slice(1, -1)}\`` : label
}

/** "`a`", "`a` or `b`", "`a`, `b` or `c`" (at most eight, then "…"). */
export function describeAlternatives(types: readonly TokenType[]): string {
  const labels = [...new Set(types.map(describeTokenType))]
  const shown = labels.length > 8 ? [...labels.slice(0, 8), '…'] : labels
  return shown.length <= 1
    ? (shown[0] ?? 'more input')
    : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`
}

function firstTokens(paths: TokenType[][][]): TokenType[] {
  return paths.flatMap((alt) => alt.map((path) => path[0]).filter((t) => t !== undefined))
}

/** The provider installed in AplExpressionParser: each message is just the "expected" phrase. */
export const expectedMessageProvider: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected }) => describeTokenType(expected),
  buildNotAllInputParsedMessage: () => '`|` or the end of the query',
  buildNoViableAltMessage: ({ expectedPathsPerAlt, ruleName }) =>
    RULE_PHRASES[ruleName] ?? describeAlternatives(firstTokens(expectedPathsPerAlt)),
  buildEarlyExitMessage: ({ expectedIterationPaths, ruleName }) =>
    RULE_PHRASES[ruleName] ?? describeAlternatives(expectedIterationPaths.map((p) => p[0])),
}
