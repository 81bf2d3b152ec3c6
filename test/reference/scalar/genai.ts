// test/reference/scalar/genai.ts: the reference's genai functions, row at a time, from Axiom's GenAI
// pages and rules G1–G7 of test/reference/README.md, never from engine code. The price table is data
// (rule G6): the reference reads the engine's dated table, as it reads the GeoIP data.

import { modelPrice } from '../../../src/exec/kernels/genai/model-prices.ts'
import type { Json, JsonObject, Value } from '../values.ts'
import { type FamilyImpls, strict, text } from './define.ts'

/** Rule G1: the message array of an argument (an array, or JSON text of one). */
function list(v: Value): readonly Json[] | null {
  if (Array.isArray(v)) return v as readonly Json[]
  if (typeof v !== 'string') return null
  try {
    const parsed: unknown = JSON.parse(v)
    return Array.isArray(parsed) ? (parsed as Json[]) : null
  } catch {
    return null
  }
}

const obj = (m: Json | undefined): JsonObject | null =>
  m !== null && typeof m === 'object' && !Array.isArray(m) ? (m as JsonObject) : null
const role = (m: Json) => {
  const r = obj(m)?.role
  return typeof r === 'string' ? r : ''
}

/** Rule G2: a message's text. */
function content(m: Json): string {
  if (typeof m === 'string') return m
  const o = obj(m)
  if (!o) return ''
  if (typeof o.content === 'string') return o.content
  const parts = Array.isArray(o.content) ? o.content : Array.isArray(o.parts) ? o.parts : []
  let s = ''
  for (const p of parts) {
    if (typeof p === 'string') s += p
    const po = obj(p)
    if (!po || !(po.type === undefined || po.type === 'text')) continue
    if (typeof po.text === 'string') s += po.text
    else if (typeof po.content === 'string') s += po.content
  }
  return s
}

/** Rule G3: tool calls in OpenAI's shape. */
function calls(ms: readonly Json[]): Json[] {
  return ms.flatMap((m) => {
    const o = obj(m)
    if (!o) return []
    const out: Json[] = Array.isArray(o.tool_calls) ? [...o.tool_calls] : []
    if (obj(o.function_call)) out.push({ type: 'function', function: o.function_call })
    for (const p of Array.isArray(o.parts) ? o.parts : []) {
      const po = obj(p)
      if (po?.type === 'tool_call')
        out.push({
          id: po.id ?? null,
          type: 'function',
          function: { name: po.name ?? null, arguments: po.arguments ?? null },
        })
    }
    return out
  })
}

/** Rule G3: tool results. */
function results(ms: readonly Json[]): Json[] {
  return ms.flatMap((m) => {
    const o = obj(m)
    if (!o) return []
    if (Array.isArray(o.parts))
      return o.parts.filter((p) => obj(p)?.type === 'tool_call_response').map((p) => obj(p)?.response ?? null)
    if (o.role !== 'tool' && o.role !== 'function') return []
    const c = o.content ?? null
    if (typeof c !== 'string') return [c]
    try {
      return [JSON.parse(c) as Json]
    } catch {
      return [c]
    }
  })
}

/** Rule G4: user messages answered by an assistant message. */
function turns(ms: readonly Json[]): number {
  let n = 0
  let open = false
  for (const m of ms) {
    if (role(m) === 'user') open = true
    if (role(m) === 'assistant' && open) {
      n++
      open = false
    }
  }
  return n
}

/** Rule G5: a finish reason naming the token limit. */
function truncatedReason(r: string): boolean {
  let v: unknown = r.trim()
  if (r.trim().startsWith('[')) {
    try {
      v = JSON.parse(r.trim())
    } catch {}
  }
  return (Array.isArray(v) ? v : [v]).some(
    (x) => typeof x === 'string' && ['length', 'max_tokens'].includes(x.toLowerCase()),
  )
}

const withList =
  (f: (ms: readonly Json[], rest: readonly Value[]) => Value) =>
  (args: readonly Value[]): Value => {
    const ms = list(args[0])
    return ms === null ? null : f(ms, args.slice(1))
  }
const lastOf = (ms: readonly Json[], r: string) => {
  const found = ms.filter((m) => role(m) === r)
  return found.length === 0 ? '' : content(found[found.length - 1])
}
const firstOf = (ms: readonly Json[], r: string) => {
  const m = ms.find((x) => role(x) === r)
  return m === undefined ? '' : content(m)
}
const nth = (ms: readonly Json[], i: Value): Json | undefined => {
  const k = Number(i)
  return Number.isInteger(k) && k >= 0 && k < ms.length ? ms[k] : undefined
}
/** Rule G6: USD for tokens at a price per million; null for an unknown model or a negative count. */
const cost = (model: Value, n: Value, side: 'input' | 'output'): number | null => {
  const price = modelPrice(text(model))
  const t = Number(n)
  return price === null || t < 0 ? null : (t * price[side]) / 1e6
}

/** The genai family. */
export const GENAI: FamilyImpls<'genai'> = {
  genai_concat_contents: strict(
    withList((ms, [sep]) =>
      ms
        .map(content)
        .filter((c) => c.length > 0)
        .join(sep === undefined ? ' ' : text(sep)),
    ),
  ),
  genai_conversation_turns: strict(withList((ms) => BigInt(turns(ms)))),
  genai_estimate_tokens: strict(([s]) => BigInt(Math.ceil([...text(s)].length / 4))),
  genai_extract_assistant_response: strict(withList((ms) => lastOf(ms, 'assistant'))),
  genai_extract_user_prompt: strict(withList((ms) => lastOf(ms, 'user'))),
  genai_extract_system_prompt: strict(withList((ms) => firstOf(ms, 'system'))),
  genai_extract_tool_calls: strict(withList((ms) => (calls(ms).length ? calls(ms) : null))),
  genai_extract_function_results: strict(withList((ms) => (results(ms).length ? results(ms) : null))),
  genai_has_tool_calls: strict(withList((ms) => calls(ms).length > 0)),
  genai_get_content_by_index: strict(
    withList((ms, [i]) => {
      const m = nth(ms, i)
      return m === undefined ? '' : content(m)
    }),
  ),
  genai_get_role: strict(
    withList((ms, [i]) => {
      const m = nth(ms, i)
      return m === undefined ? '' : role(m)
    }),
  ),
  genai_get_content_by_role: strict(withList((ms, [r]) => firstOf(ms, text(r)))),
  genai_message_roles: strict(withList((ms) => ms.map(role))),
  genai_is_truncated: strict(
    withList((ms, [r]) => {
      const last = obj(ms[ms.length - 1])
      const own = typeof last?.finish_reason === 'string' ? last.finish_reason : ''
      return truncatedReason(text(r)) || truncatedReason(own)
    }),
  ),
  genai_get_pricing: strict(([m]) => {
    const price = modelPrice(text(m))
    return price && { input_price_per_million: price.input, output_price_per_million: price.output }
  }),
  genai_input_cost: strict(([m, n]) => cost(m, n, 'input')),
  genai_output_cost: strict(([m, n]) => cost(m, n, 'output')),
  genai_cost: strict(([m, a, b]) => {
    const x = cost(m, a, 'input')
    const y = cost(m, b, 'output')
    return x === null || y === null ? null : x + y
  }),
}
