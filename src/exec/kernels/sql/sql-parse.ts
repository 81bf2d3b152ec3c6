// exec/kernels/sql/sql-parse.ts: parse_sql's model of a simple SELECT (Axiom's parse-sql page): a small
// recursive-descent parser for `select [distinct] cols from tables [where cond] [group by cols]
// [order by expr [asc|desc], …] [limit n]`, conditions of comparisons, like, in, is [not] null, not,
// and, or, parentheses. Keys are written in sorted order, as the page shows them; anything outside
// this grammar (joins, sub-queries, CTEs, window functions, other statements) is null, never an error.
import type { CellJson } from '../../result.ts'

type Model = { [key: string]: CellJson }
type Token = { readonly kind: 'word' | 'quoted' | 'string' | 'number' | 'op'; readonly text: string }

/** Most tokens a statement may have (parse_sql runs per dictionary entry; longer text is null). */
const MAX_TOKENS = 10_000
const COMPARISONS = new Set(['=', '!=', '<>', '<', '<=', '>', '>='])
const CLAUSE_WORDS = new Set(['from', 'where', 'group', 'order', 'limit', 'having', 'join', 'union'])

/** The tokens of `sql`, or null on a character the subset does not have (or an unclosed quote). */
function tokenize(sql: string): Token[] | null {
  const out: Token[] = []
  const re =
    /\s+|([A-Za-z_][A-Za-z0-9_$]*)|"((?:[^"]|"")*)"|`([^`]*)`|'((?:[^']|'')*)'|(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|(<=|>=|<>|!=|[=<>(),.*;-])/y
  let at = 0
  while (at < sql.length) {
    re.lastIndex = at
    const m = re.exec(sql)
    if (m === null || out.length > MAX_TOKENS) return null
    at = re.lastIndex
    if (m[1] !== undefined) out.push({ kind: 'word', text: m[1] })
    else if (m[2] !== undefined) out.push({ kind: 'quoted', text: m[2].replace(/""/g, '"') })
    else if (m[3] !== undefined) out.push({ kind: 'quoted', text: m[3] })
    else if (m[4] !== undefined) out.push({ kind: 'string', text: m[4].replace(/''/g, "'") })
    else if (m[5] !== undefined) out.push({ kind: 'number', text: m[5] })
    else if (m[6] !== undefined) out.push({ kind: 'op', text: m[6] })
  }
  return out
}

class Fail extends Error {}

class Parser {
  #at = 0
  readonly #t: readonly Token[]

  constructor(tokens: readonly Token[]) {
    this.#t = tokens
  }

  #peek(): Token | undefined {
    return this.#t[this.#at]
  }

  #isWord(w: string, ahead = 0): boolean {
    const t = this.#t[this.#at + ahead]
    return t?.kind === 'word' && t.text.toLowerCase() === w
  }

  #isOp(op: string): boolean {
    const t = this.#peek()
    return t?.kind === 'op' && t.text === op
  }

  #word(w: string): void {
    if (!this.#isWord(w)) throw new Fail()
    this.#at++
  }

  #eat(w: string): boolean {
    if (!this.#isWord(w)) return false
    this.#at++
    return true
  }

  #op(op: string): void {
    if (!this.#isOp(op)) throw new Fail()
    this.#at++
  }

  statement(): Model {
    this.#word('select')
    const model: Model = {}
    if (this.#eat('distinct')) model.distinct = true
    const columns = this.#list(() => this.#column())
    this.#word('from')
    const from = this.#list(() => ({ table: this.#name() }))
    const where = this.#eat('where') ? this.#or() : undefined
    let group: CellJson[] | undefined
    if (this.#eat('group')) {
      this.#word('by')
      group = this.#list(() => this.#operand())
    }
    let order: CellJson[] | undefined
    if (this.#eat('order')) {
      this.#word('by')
      order = this.#list(() => {
        const expr = this.#operand()
        const direction = this.#eat('desc') ? 'desc' : 'asc'
        if (direction === 'asc') this.#eat('asc')
        return { direction, expr }
      })
    }
    let limit: CellJson | undefined
    if (this.#eat('limit')) {
      const t = this.#peek()
      if (t?.kind !== 'number' || !/^\d+$/.test(t.text)) throw new Fail()
      this.#at++
      limit = { valtype: 'integer', value: t.text }
    }
    if (this.#isOp(';')) this.#at++
    if (this.#at !== this.#t.length) throw new Fail()
    // Sorted keys, as the page shows the model.
    model.columns = columns
    model.from = from
    if (group !== undefined) model.group = group
    if (limit !== undefined) model.limit = limit
    if (order !== undefined) model.order = order
    model.statement = 'select'
    if (where !== undefined) model.where = where
    return Object.fromEntries(Object.entries(model).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  }

  #list(item: () => CellJson): CellJson[] {
    const out = [item()]
    while (this.#isOp(',')) {
      this.#at++
      out.push(item())
    }
    return out
  }

  /** A selected column: `*`, a column name, with an optional `[as] alias`. */
  #column(): CellJson {
    if (this.#isOp('*')) {
      this.#at++
      return { colname: '*' }
    }
    const col: Model = { colname: this.#name() }
    if (this.#eat('as')) col.alias = this.#name()
    else if (this.#peek()?.kind === 'word' && !CLAUSE_WORDS.has(this.#peek()?.text.toLowerCase() ?? ''))
      col.alias = this.#name()
    return Object.keys(col).length === 1 ? col : { alias: col.alias, colname: col.colname }
  }

  /** A (possibly qualified) name: `a`, `"a b"`, `t.a`. */
  #name(): string {
    const parts = [this.#part()]
    while (this.#isOp('.')) {
      this.#at++
      parts.push(this.#part())
    }
    return parts.join('.')
  }

  #part(): string {
    const t = this.#peek()
    if (t === undefined || (t.kind !== 'word' && t.kind !== 'quoted')) throw new Fail()
    if (t.kind === 'word' && (CLAUSE_WORDS.has(t.text.toLowerCase()) || t.text.toLowerCase() === 'select'))
      throw new Fail()
    this.#at++
    return t.text
  }

  #or(): CellJson {
    let left = this.#and()
    while (this.#eat('or')) left = { operator: 'or', params: [left, this.#and()] }
    return left
  }

  #and(): CellJson {
    let left = this.#not()
    while (this.#eat('and')) left = { operator: 'and', params: [left, this.#not()] }
    return left
  }

  #not(): CellJson {
    if (this.#eat('not')) return { operator: 'not', params: [this.#not()] }
    return this.#predicate()
  }

  #predicate(): CellJson {
    if (this.#isOp('(')) {
      this.#at++
      const inner = this.#or()
      this.#op(')')
      return inner
    }
    const left = this.#operand()
    const t = this.#peek()
    if (t?.kind === 'op' && COMPARISONS.has(t.text)) {
      this.#at++
      return { operator: t.text === '<>' ? '!=' : t.text, params: [left, this.#operand()] }
    }
    if (this.#eat('is')) {
      const operator = this.#eat('not') ? 'is not' : 'is'
      this.#word('null')
      return { operator, params: [left, { valtype: 'null', value: 'null' }] }
    }
    const negated = this.#eat('not')
    if (this.#eat('like')) return { operator: negated ? 'not like' : 'like', params: [left, this.#operand()] }
    if (this.#eat('in')) {
      this.#op('(')
      const values = this.#list(() => this.#operand())
      this.#op(')')
      return { operator: negated ? 'not in' : 'in', params: [left, ...values] }
    }
    throw new Fail()
  }

  /** A column or a literal (string, integer, float, true/false, null). */
  #operand(): CellJson {
    const t = this.#peek()
    if (t === undefined) throw new Fail()
    if (t.kind === 'string') {
      this.#at++
      return { valtype: 'string', value: t.text }
    }
    const negative = t.kind === 'op' && t.text === '-' && this.#t[this.#at + 1]?.kind === 'number'
    if (t.kind === 'number' || negative) {
      const digits = negative ? this.#t[this.#at + 1].text : t.text
      this.#at += negative ? 2 : 1
      return { valtype: /^\d+$/.test(digits) ? 'integer' : 'float', value: negative ? `-${digits}` : digits }
    }
    const w = t.kind === 'word' ? t.text.toLowerCase() : ''
    if (w === 'true' || w === 'false' || w === 'null') {
      this.#at++
      return { valtype: w === 'null' ? 'null' : 'boolean', value: w }
    }
    return { colname: this.#name() }
  }
}

/** parse_sql(sql): the model of a statement in the subset above, or null. */
export function parseSql(sql: string): CellJson {
  const tokens = tokenize(sql)
  if (tokens === null || tokens.length === 0) return null
  try {
    return new Parser(tokens).statement()
  } catch (e) {
    if (e instanceof Fail) return null
    throw e
  }
}
