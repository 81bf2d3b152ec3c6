// exec/kernels/genai/messages.ts: reading OpenTelemetry GenAI message arrays (gen_ai.input.messages /
// gen_ai.output.messages) as plain JSON values: the array itself or its JSON text; a message's role;
// its text (a `content` string, OpenAI-style content parts, or OTel `parts` of type text); its tool
// calls (OpenAI `tool_calls`, OTel `tool_call` parts) and tool results (tool/function-role messages,
// OTel `tool_call_response` parts). Per-value functions; no engine types beyond CellJson.
import type { CellJson } from '../../result.ts'

type Obj = { readonly [key: string]: CellJson }

const isObj = (v: CellJson | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The messages of an argument: an array, or JSON text of one; null for anything else. */
export function messagesOf(v: CellJson): readonly CellJson[] | null {
  if (Array.isArray(v)) return v
  if (typeof v !== 'string') return null
  try {
    const parsed = JSON.parse(v) as CellJson
    return Array.isArray(parsed) ? parsed : null
  } catch {
    return null
  }
}

/** A message's role ('' when it has none). */
export function roleOf(m: CellJson): string {
  return isObj(m) && typeof m.role === 'string' ? m.role : ''
}

/** The text of one content part (`{type:'text', text}` or `{type:'text', content}`), or ''. */
function partText(p: CellJson): string {
  if (typeof p === 'string') return p
  if (!isObj(p) || (p.type !== undefined && p.type !== 'text')) return ''
  if (typeof p.text === 'string') return p.text
  return typeof p.content === 'string' ? p.content : ''
}

/** A message's text: its `content` string, or its text parts (`content` or `parts` arrays) joined. */
export function contentOf(m: CellJson): string {
  if (typeof m === 'string') return m
  if (!isObj(m)) return ''
  if (typeof m.content === 'string') return m.content
  const parts = Array.isArray(m.content) ? m.content : Array.isArray(m.parts) ? m.parts : null
  return parts === null ? '' : parts.map(partText).join('')
}

/** The tool calls of the messages in OpenAI's shape `{id, type: 'function', function: {name, arguments}}`. */
export function toolCallsOf(messages: readonly CellJson[]): CellJson[] {
  const out: CellJson[] = []
  for (const m of messages) {
    if (!isObj(m)) continue
    if (Array.isArray(m.tool_calls)) out.push(...m.tool_calls)
    if (isObj(m.function_call)) out.push({ type: 'function', function: m.function_call })
    if (!Array.isArray(m.parts)) continue
    for (const p of m.parts) {
      if (!isObj(p) || p.type !== 'tool_call') continue
      out.push({
        id: p.id ?? null,
        type: 'function',
        function: { name: p.name ?? null, arguments: p.arguments ?? null },
      })
    }
  }
  return out
}

/** The tool results: the content of tool/function-role messages (parsed when JSON) and OTel response parts. */
export function toolResultsOf(messages: readonly CellJson[]): CellJson[] {
  const out: CellJson[] = []
  for (const m of messages) {
    if (!isObj(m)) continue
    const role = roleOf(m)
    if (Array.isArray(m.parts)) {
      for (const p of m.parts) if (isObj(p) && p.type === 'tool_call_response') out.push(p.response ?? null)
    }
    if ((role === 'tool' || role === 'function') && !Array.isArray(m.parts))
      out.push(jsonOrText(m.content ?? null))
  }
  return out
}

/** A JSON text as its value; other values as they are. */
function jsonOrText(v: CellJson): CellJson {
  if (typeof v !== 'string') return v
  try {
    return JSON.parse(v) as CellJson
  } catch {
    return v
  }
}

/**
 * Conversation turns: user messages answered by an assistant message (a user message, then an
 * assistant message before the next turn starts, counts once).
 */
export function turnsOf(messages: readonly CellJson[]): number {
  let turns = 0
  let asked = false
  for (const m of messages) {
    const role = roleOf(m)
    if (role === 'user') asked = true
    else if (role === 'assistant' && asked) {
      turns++
      asked = false
    }
  }
  return turns
}

/** True when a finish reason (a string, an array of them, or JSON text of one) says the output hit its token limit. */
export function isTruncatedReason(reason: string): boolean {
  const t = reason.trim()
  let reasons: CellJson = t
  if (t.startsWith('[')) {
    try {
      reasons = JSON.parse(t) as CellJson
    } catch {
      reasons = t
    }
  }
  const list = Array.isArray(reasons) ? reasons : [reasons]
  return list.some((r) => typeof r === 'string' && TRUNCATED.has(r.toLowerCase()))
}

/** Finish reasons that mean "stopped at the token limit" (OpenAI/OTel `length`, Anthropic `max_tokens`). */
const TRUNCATED = new Set(['length', 'max_tokens'])

/** The finish reason recorded on the last message (OTel output messages carry `finish_reason`), or ''. */
export function lastFinishReason(messages: readonly CellJson[]): string {
  const last = messages[messages.length - 1]
  return isObj(last) && typeof last.finish_reason === 'string' ? last.finish_reason : ''
}
