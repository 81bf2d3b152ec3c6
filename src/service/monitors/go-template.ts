// service/monitors/go-template.ts: the part of Go's text/template a custom webhook body uses
// (Axiom's docs): `{{.Field}}`, `{{jsonObject .X}}`, `{{jsonArray .X}}`, `{{if …}}…{{else}}…{{end}}`
// with `eq`, `ne`, `not`, `and`, `or`, and `{{-`/`-}}` trimming. Compiled once when the notifier is
// saved (a bad template is refused with its offset); rendering never runs code from the template.

/** A template that does not parse: `offset` is where, in UTF-16 units. */
export class TemplateError extends Error {
  readonly offset: number
  constructor(message: string, offset: number) {
    super(`${message} at offset ${offset}`)
    this.name = 'TemplateError'
    this.offset = offset
  }
}

/** A value reference or a call of a function on arguments. */
type Expr =
  | { readonly kind: 'field'; readonly path: readonly string[] }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'call'; readonly fn: FnName; readonly args: readonly Expr[] }

type Node =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'print'; readonly expr: Expr }
  | {
      readonly kind: 'if'
      readonly cond: Expr
      readonly yes: readonly Node[]
      readonly no: readonly Node[]
    }

const FNS = {
  eq: (a: unknown[]) => a.slice(1).some((x) => x === a[0]),
  ne: (a: unknown[]) => a[0] !== a[1],
  not: (a: unknown[]) => !truthy(a[0]),
  and: (a: unknown[]) => a.find((x) => !truthy(x)) ?? a[a.length - 1],
  or: (a: unknown[]) => a.find((x) => truthy(x)) ?? a[a.length - 1],
  jsonObject: (a: unknown[]) => new JsonText(JSON.stringify(a[0] ?? null)),
  jsonArray: (a: unknown[]) => new JsonText(JSON.stringify(a[0] ?? null)),
} satisfies Record<string, (args: unknown[]) => unknown>
type FnName = keyof typeof FNS

/** Output written as is (JSON from jsonObject/jsonArray). */
class JsonText {
  readonly text: string
  constructor(text: string) {
    this.text = text
  }
}

function truthy(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0
  if (v !== null && typeof v === 'object') return Object.keys(v).length > 0
  return Boolean(v)
}

interface Action {
  readonly body: string
  readonly start: number
}

function parseExpr(words: readonly string[], at: number): Expr {
  if (words.length === 0) throw new TemplateError('empty action', at)
  const [head, ...rest] = words
  if (Object.hasOwn(FNS, head)) {
    if (rest.length === 0) throw new TemplateError(`${head} needs arguments`, at)
    return { kind: 'call', fn: head as FnName, args: rest.map((w) => parseExpr([w], at)) }
  }
  if (rest.length > 0) throw new TemplateError(`unexpected ${JSON.stringify(rest[0])}`, at)
  if (head === '.') return { kind: 'field', path: [] }
  if (/^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(head)) return { kind: 'field', path: head.slice(1).split('.') }
  if (/^"(?:[^"\\]|\\.)*"$/.test(head)) return { kind: 'string', value: JSON.parse(head) as string }
  if (/^-?\d+(\.\d+)?$/.test(head)) return { kind: 'number', value: Number(head) }
  throw new TemplateError(`unknown function or value ${JSON.stringify(head)}`, at)
}

/** Splits an action's body into words, keeping quoted strings whole. */
function words(body: string, at: number): string[] {
  const out = body.match(/"(?:[^"\\]|\\.)*"|[^\s]+/g) ?? []
  for (const w of out)
    if (w.startsWith('"') && !/"$/.test(w)) throw new TemplateError('unterminated string', at)
  return out
}

/** Splits the text into literal pieces and actions, applying `{{-` / `-}}` trimming. */
function lex(src: string): (string | Action)[] {
  const out: (string | Action)[] = []
  let i = 0
  while (i < src.length) {
    const open = src.indexOf('{{', i)
    if (open < 0) {
      out.push(src.slice(i))
      break
    }
    let text = src.slice(i, open)
    const close = src.indexOf('}}', open + 2)
    if (close < 0) throw new TemplateError('unclosed action', open)
    let body = src.slice(open + 2, close)
    if (body.startsWith('- ') || body === '-') {
      text = text.trimEnd()
      body = body.slice(1)
    }
    let end = close + 2
    if (body.endsWith(' -')) {
      body = body.slice(0, -1)
      end = close + 2
      while (end < src.length && /\s/.test(src[end])) end++
    }
    if (text !== '') out.push(text)
    out.push({ body: body.trim(), start: open })
    i = end
  }
  return out
}

function parseNodes(
  items: (string | Action)[],
  pos: { i: number },
  inIf: boolean,
): { nodes: Node[]; stop?: string } {
  const nodes: Node[] = []
  while (pos.i < items.length) {
    const item = items[pos.i++]
    if (typeof item === 'string') {
      nodes.push({ kind: 'text', text: item })
      continue
    }
    if (item.body.startsWith('/*')) continue
    const w = words(item.body, item.start)
    if (w[0] === 'end' || w[0] === 'else') {
      if (!inIf) throw new TemplateError(`unexpected {{${w[0]}}}`, item.start)
      if (w.length > 1) throw new TemplateError(`{{${w[0]}}} takes nothing after it`, item.start)
      return { nodes, stop: w[0] }
    }
    if (w[0] === 'if') {
      const cond = parseExpr(w.slice(1), item.start)
      const then = parseNodes(items, pos, true)
      let other: Node[] = []
      if (then.stop === 'else') {
        const e = parseNodes(items, pos, true)
        if (e.stop !== 'end') throw new TemplateError('{{if}} without {{end}}', item.start)
        other = e.nodes
      } else if (then.stop !== 'end') throw new TemplateError('{{if}} without {{end}}', item.start)
      nodes.push({ kind: 'if', cond, yes: then.nodes, no: other })
      continue
    }
    nodes.push({ kind: 'print', expr: parseExpr(w, item.start) })
  }
  return { nodes }
}

function evaluate(e: Expr, data: Readonly<Record<string, unknown>>): unknown {
  if (e.kind === 'string' || e.kind === 'number') return e.value
  if (e.kind === 'field') {
    let v: unknown = data
    for (const key of e.path) {
      v =
        v !== null && typeof v === 'object' && Object.hasOwn(v, key)
          ? (v as Record<string, unknown>)[key]
          : undefined
    }
    return v
  }
  return FNS[e.fn](e.args.map((a) => evaluate(a, data)))
}

/** Go's default formatting of a value printed by an action (`<no value>` for a missing one). */
function print(v: unknown): string {
  if (v instanceof JsonText) return v.text
  if (v === undefined) return '<no value>'
  if (v === null) return '<nil>'
  if (typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

function render(nodes: readonly Node[], data: Readonly<Record<string, unknown>>): string {
  let out = ''
  for (const n of nodes) {
    if (n.kind === 'text') out += n.text
    else if (n.kind === 'print') out += print(evaluate(n.expr, data))
    else out += render(truthy(evaluate(n.cond, data)) ? n.yes : n.no, data)
  }
  return out
}

/** A compiled template. */
export interface Template {
  render(data: Readonly<Record<string, unknown>>): string
}

/** Compiles `src`; throws TemplateError for anything outside the supported subset. */
export function compileTemplate(src: string): Template {
  const parsed = parseNodes(lex(src), { i: 0 }, false)
  const nodes = parsed.nodes
  return { render: (data) => render(nodes, data) }
}
