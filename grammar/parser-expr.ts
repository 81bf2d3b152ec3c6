// grammar/parser-expr.ts: APL scalar-expression rules (apl-reference §5): precedence levels, prefix
// operators, access forms, calls and named expressions. Rules only; layered on parser-data.ts.
// Rule names follow Kusto's Kql.g4; each rule cites the APL page and the Kql.g4 rule it mirrors.

import type { CstNode, ParserMethod } from 'chevrotain'
import { AplDataParser } from './parser-data.ts'
import * as T from './tokens.ts'

type Rule = ParserMethod<[], CstNode>

/** Expression layer of the APL grammar. Not usable alone: `AplParser` completes it. */
export class AplExpressionParser extends AplDataParser {
  /** Defined by the subclass: a tabular or scalar expression with optional `| operator` stages. */
  declare pipeExpression: Rule

  // APL: scalar expression; Kql.g4 unnamedExpression.
  expression = this.RULE('expression', () => {
    this.SUBRULE(this.logicalOrExpression)
  })

  // APL: logical operators `or`; Kql.g4 logicalOrExpression.
  logicalOrExpression = this.RULE('logicalOrExpression', () => {
    this.SUBRULE(this.logicalAndExpression, { LABEL: 'operands' })
    this.MANY(() => {
      this.CONSUME(T.Or, { LABEL: 'operators' })
      this.SUBRULE2(this.logicalAndExpression, { LABEL: 'operands' })
    })
  })

  // APL: logical operators `and`; Kql.g4 logicalAndExpression.
  logicalAndExpression = this.RULE('logicalAndExpression', () => {
    this.SUBRULE(this.logicalNotExpression, { LABEL: 'operands' })
    this.MANY(() => {
      this.CONSUME(T.And, { LABEL: 'operators' })
      this.SUBRULE2(this.logicalNotExpression, { LABEL: 'operands' })
    })
  })

  // APL: `not` (T2). Not in Kql.g4 (where not() is a function): APL also writes `not x` and
  // `not (a and b)`. A flat repetition instead of recursion so `not not … x` costs no stack.
  logicalNotExpression = this.RULE('logicalNotExpression', () => {
    this.MANY(() => this.CONSUME(T.Not, { LABEL: 'operators' }))
    this.SUBRULE(this.equalityExpression)
  })

  // APL: comparison `== != <>`, `in !in in~ !in~ has_any has_all`, `between !between`;
  // Kql.g4 equalityExpression (equals-, list- and betweenEqualityExpression). At most one, as in Kql.g4.
  equalityExpression = this.RULE('equalityExpression', () => {
    this.SUBRULE(this.relationalExpression, { LABEL: 'left' })
    this.OPTION(() => {
      this.OR([
        {
          ALT: () => {
            this.OR2([
              { ALT: () => this.CONSUME(T.EqualEqual, { LABEL: 'operator' }) },
              { ALT: () => this.CONSUME(T.BangEqual, { LABEL: 'operator' }) },
              { ALT: () => this.CONSUME(T.LessGreater, { LABEL: 'operator' }) },
            ])
            this.SUBRULE2(this.relationalExpression, { LABEL: 'right' })
          },
        },
        { ALT: () => this.SUBRULE(this.listOperation) },
        { ALT: () => this.SUBRULE(this.betweenOperation) },
      ])
    })
  })

  // APL: `in (…)`, `!in`, `in~`, `!in~`, `has_any`, `has_all`; Kql.g4 listEqualityExpression.
  listOperation = this.RULE('listOperation', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.In, { LABEL: 'operator' }) },
      { ALT: () => this.CONSUME(T.NotIn, { LABEL: 'operator' }) },
      { ALT: () => this.CONSUME(T.InCi, { LABEL: 'operator' }) },
      { ALT: () => this.CONSUME(T.NotInCi, { LABEL: 'operator' }) },
      { ALT: () => this.CONSUME(T.HasAny, { LABEL: 'operator' }) },
    ])
    this.OR2([
      {
        ALT: () => {
          this.CONSUME(T.LParen)
          this.SUBRULE(this.pipeExpression, { LABEL: 'values' })
          this.MANY(() => {
            this.CONSUME(T.Comma)
            this.SUBRULE2(this.pipeExpression, { LABEL: 'values' })
          })
          this.CONSUME(T.RParen)
        },
      },
      { ALT: () => this.CONSUME(T.ArgumentGroup) },
    ])
  })

  // APL: `between (a .. b)`, `!between` (T3); Kql.g4 betweenEqualityExpression.
  betweenOperation = this.RULE('betweenOperation', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Between, { LABEL: 'operator' }) },
      { ALT: () => this.CONSUME(T.NotBetween, { LABEL: 'operator' }) },
    ])
    this.CONSUME(T.LParen)
    this.SUBRULE(this.expression, { LABEL: 'low' })
    this.CONSUME(T.DotDot)
    this.SUBRULE2(this.expression, { LABEL: 'high' })
    this.CONSUME(T.RParen)
  })

  // APL: comparison `< <= > >=`; Kql.g4 relationalExpression.
  relationalExpression = this.RULE('relationalExpression', () => {
    this.SUBRULE(this.additiveExpression, { LABEL: 'left' })
    this.OPTION(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Less, { LABEL: 'operator' }) },
        { ALT: () => this.CONSUME(T.LessEqual, { LABEL: 'operator' }) },
        { ALT: () => this.CONSUME(T.Greater, { LABEL: 'operator' }) },
        { ALT: () => this.CONSUME(T.GreaterEqual, { LABEL: 'operator' }) },
      ])
      this.SUBRULE2(this.additiveExpression, { LABEL: 'right' })
    })
  })

  // APL: arithmetic `+ -`; Kql.g4 additiveExpression.
  additiveExpression = this.RULE('additiveExpression', () => {
    this.SUBRULE(this.multiplicativeExpression, { LABEL: 'operands' })
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Plus, { LABEL: 'operators' }) },
        { ALT: () => this.CONSUME(T.Minus, { LABEL: 'operators' }) },
      ])
      this.SUBRULE2(this.multiplicativeExpression, { LABEL: 'operands' })
    })
  })

  // APL: arithmetic `* / %`; Kql.g4 multiplicativeExpression.
  multiplicativeExpression = this.RULE('multiplicativeExpression', () => {
    this.SUBRULE(this.stringOperatorExpression, { LABEL: 'operands' })
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Star, { LABEL: 'operators' }) },
        { ALT: () => this.CONSUME(T.Slash, { LABEL: 'operators' }) },
        { ALT: () => this.CONSUME(T.Percent, { LABEL: 'operators' }) },
      ])
      this.SUBRULE2(this.stringOperatorExpression, { LABEL: 'operands' })
    })
  })

  // APL: string operators (`=~ !~ has contains startswith endswith hasprefix hassuffix` and their `!`/`_cs`
  // forms, `matches regex`, search's `:`); Kql.g4 stringOperatorExpression (binds tighter than `*`).
  stringOperatorExpression = this.RULE('stringOperatorExpression', () => {
    this.SUBRULE(this.unaryExpression, { LABEL: 'operands' })
    this.MANY(() => {
      this.SUBRULE(this.stringOperator, { LABEL: 'operators' })
      this.SUBRULE2(this.unaryExpression, { LABEL: 'operands' })
    })
  })

  // APL: the string operator tokens; Kql.g4 stringBinaryOperator (plus `:` from stringBinaryOperation).
  stringOperator = this.RULE('stringOperator', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.EqualTilde, { LABEL: 'operator' }) },
      { ALT: () => this.CONSUME(T.BangTilde, { LABEL: 'operator' }) },
      { ALT: () => this.CONSUME(T.StringOperator, { LABEL: 'operator' }) },
      { ALT: () => this.CONSUME(T.NotStringOperator, { LABEL: 'operator' }) },
      { ALT: () => this.CONSUME(T.Colon, { LABEL: 'operator' }) },
      {
        ALT: () => {
          this.CONSUME(T.Matches, { LABEL: 'operator' })
          this.CONSUME(T.Regex)
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.NotMatches, { LABEL: 'operator' })
          this.CONSUME2(T.Regex)
        },
      },
    ])
  })

  // APL: unary minus/plus; Kql.g4 invocationExpression (which allows one sign; APL allows `- -x`).
  unaryExpression = this.RULE('unaryExpression', () => {
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Plus, { LABEL: 'operators' }) },
        { ALT: () => this.CONSUME(T.Minus, { LABEL: 'operators' }) },
      ])
    })
    this.SUBRULE(this.postfixExpression)
  })

  // APL: dot access `a.b`, `a.['b']` and index access `x['k']`, `arr[0]` (T2);
  // Kql.g4 functionCallOrPathExpression with functionCallOrPathOperation.
  postfixExpression = this.RULE('postfixExpression', () => {
    this.SUBRULE(this.primaryExpression)
    this.MANY(() => {
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T.Dot, { LABEL: 'operations' })
            this.SUBRULE(this.columnName, { LABEL: 'members' })
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.LBracket, { LABEL: 'operations' })
            this.SUBRULE(this.expression, { LABEL: 'indexes' })
            this.CONSUME(T.RBracket, { LABEL: 'closers' })
          },
        },
        { ALT: () => this.CONSUME(T.IndexGroup, { LABEL: 'operations' }) },
      ])
    })
  })

  // APL: operands; Kql.g4 primaryExpression (+ functionCallExpression and starExpression).
  primaryExpression = this.RULE('primaryExpression', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.unsignedLiteralExpression) },
      { ALT: () => this.SUBRULE(this.functionCallExpression) },
      { ALT: () => this.CONSUME(T.Identifier) },
      { ALT: () => this.SUBRULE(this.escapedName) },
      { ALT: () => this.CONSUME(T.Star) },
      { ALT: () => this.SUBRULE(this.parenthesizedExpression) },
      { ALT: () => this.CONSUME(T.ParenGroup) },
      { ALT: () => this.SUBRULE(this.dataTableExpression) },
      { ALT: () => this.SUBRULE(this.externalDataExpression) },
    ])
  })

  // APL: `( … )`: a grouped scalar or a tabular sub-query; Kql.g4 parenthesizedExpression.
  parenthesizedExpression = this.RULE('parenthesizedExpression', () => {
    this.CONSUME(T.LParen)
    this.SUBRULE(this.pipeExpression)
    this.CONSUME(T.RParen)
  })

  // APL: function call `name(args)`; Kql.g4 namedFunctionCallExpression (countExpression folded in:
  // `count` is a soft keyword, so it is an Identifier here).
  functionCallExpression = this.RULE('functionCallExpression', () => {
    this.CONSUME(T.Identifier)
    this.SUBRULE(this.argumentList)
  })

  // APL: `( arg, … )` of a call; Kql.g4 part of namedFunctionCallExpression.
  argumentList = this.RULE('argumentList', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.LParen)
          this.SUBRULE(this.argumentExpressionList)
          this.CONSUME(T.RParen)
        },
      },
      { ALT: () => this.CONSUME(T.ArgumentGroup) },
    ])
  })

  // APL: the arguments between the parentheses (also the entry rule for separately parsed lists).
  argumentExpressionList = this.RULE('argumentExpressionList', () => {
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.argumentExpression, { LABEL: 'arguments' }) })
  })

  // APL: one argument, optionally named (`arg_max(n = expr, …)`); Kql.g4 argumentExpression.
  argumentExpression = this.RULE('argumentExpression', () => {
    // `['a.b'] = x` needs 4 tokens of lookahead; only here, to keep parser construction fast.
    this.OPTION({
      MAX_LOOKAHEAD: 4,
      DEF: () => {
        this.SUBRULE(this.columnName, { LABEL: 'name' })
        this.CONSUME(T.Equals)
      },
    })
    this.SUBRULE(this.pipeExpression)
  })

  // APL: `[Name =] expression` in project, extend, summarize, print…; Kql.g4 namedExpression.
  namedExpression = this.RULE('namedExpression', () => {
    this.OPTION({
      MAX_LOOKAHEAD: 4,
      DEF: () => {
        this.SUBRULE(this.columnName, { LABEL: 'name' })
        this.CONSUME(T.Equals)
      },
    })
    this.SUBRULE(this.expression)
  })
}
