// exec/kernels/genai/genai-kernels.ts: the genai family's kernel table, keyed by the family's catalog
// kernel keys (catalog/scalar/genai.ts). Each kernel is a per-value function under the executor helper
// over the messages as a JSON value (messages.ts) and the dated price table (model-prices.ts).
import type { CellJson } from '../../result.ts'
import { scalarKernel } from '../executor/index.ts'
import type { FamilyKernels } from '../kernel.ts'
import {
  contentOf,
  isTruncatedReason,
  lastFinishReason,
  messagesOf,
  roleOf,
  toolCallsOf,
  toolResultsOf,
  turnsOf,
} from './messages.ts'
import { modelPrice } from './model-prices.ts'

/** `fn` of the messages, or null when the argument is no message array. */
const onMessages =
  <R>(fn: (ms: readonly CellJson[]) => R) =>
  (v: CellJson): R | null => {
    const ms = messagesOf(v)
    return ms === null ? null : fn(ms)
  }

/** The content of the last message with `role`, or ''. */
function lastContent(ms: readonly CellJson[], role: string): string {
  for (let i = ms.length - 1; i >= 0; i--) if (roleOf(ms[i]) === role) return contentOf(ms[i])
  return ''
}

/** The content of the first message with `role`, or ''. */
function firstContent(ms: readonly CellJson[], role: string): string {
  const m = ms.find((x) => roleOf(x) === role)
  return m === undefined ? '' : contentOf(m)
}

/** A message index argument: an integer within the array, else undefined. */
const at = (ms: readonly CellJson[], i: number) =>
  Number.isInteger(i) && i >= 0 && i < ms.length ? ms[i] : undefined

/** USD for `tokens` at `perMillion`; null for a negative count. */
const usd = (tokens: number, perMillion: number) => (tokens < 0 ? null : (tokens * perMillion) / 1e6)

/** Estimated tokens of a text: one per 4 characters (code points), rounded up. */
export function estimateTokens(text: string): number {
  let chars = 0
  for (const _ of text) chars++
  return Math.ceil(chars / 4)
}

/** Kernels of the genai family. */
export const GENAI_KERNELS: FamilyKernels<'genai'> = {
  genai_concat_contents: scalarKernel({
    args: ['dynamic', 'string?'],
    returns: 'string',
    fn: (v, sep) =>
      onMessages((ms) =>
        ms
          .map(contentOf)
          .filter((c) => c !== '')
          .join(sep ?? ' '),
      )(v),
  }),
  genai_conversation_turns: scalarKernel({ args: ['dynamic'], returns: 'long', fn: onMessages(turnsOf) }),
  genai_estimate_tokens: scalarKernel({ args: ['string'], returns: 'long', fn: estimateTokens }),
  genai_extract_assistant_response: scalarKernel({
    args: ['dynamic'],
    returns: 'string',
    fn: onMessages((ms) => lastContent(ms, 'assistant')),
  }),
  genai_extract_user_prompt: scalarKernel({
    args: ['dynamic'],
    returns: 'string',
    fn: onMessages((ms) => lastContent(ms, 'user')),
  }),
  genai_extract_system_prompt: scalarKernel({
    args: ['dynamic'],
    returns: 'string',
    fn: onMessages((ms) => firstContent(ms, 'system')),
  }),
  genai_extract_tool_calls: scalarKernel({
    args: ['dynamic'],
    returns: 'dynamic',
    fn: (v) => {
      const calls = onMessages(toolCallsOf)(v)
      return calls === null || calls.length === 0 ? null : calls
    },
  }),
  genai_extract_function_results: scalarKernel({
    args: ['dynamic'],
    returns: 'dynamic',
    fn: (v) => {
      const results = onMessages(toolResultsOf)(v)
      return results === null || results.length === 0 ? null : results
    },
  }),
  genai_has_tool_calls: scalarKernel({
    args: ['dynamic'],
    returns: 'bool',
    fn: onMessages((ms) => toolCallsOf(ms).length > 0),
  }),
  genai_get_content_by_index: scalarKernel({
    args: ['dynamic', 'long'],
    returns: 'string',
    fn: (v, i) =>
      onMessages((ms) => {
        const m = at(ms, i)
        return m === undefined ? '' : contentOf(m)
      })(v),
  }),
  genai_get_role: scalarKernel({
    args: ['dynamic', 'long'],
    returns: 'string',
    fn: (v, i) =>
      onMessages((ms) => {
        const m = at(ms, i)
        return m === undefined ? '' : roleOf(m)
      })(v),
  }),
  genai_get_content_by_role: scalarKernel({
    args: ['dynamic', 'string'],
    returns: 'string',
    fn: (v, role) => onMessages((ms) => firstContent(ms, role))(v),
  }),
  genai_message_roles: scalarKernel({
    args: ['dynamic'],
    returns: 'dynamic',
    fn: onMessages((ms) => ms.map(roleOf)),
  }),
  genai_is_truncated: scalarKernel({
    args: ['dynamic', 'string'],
    returns: 'bool',
    fn: (v, reason) =>
      onMessages((ms) => isTruncatedReason(reason) || isTruncatedReason(lastFinishReason(ms)))(v),
  }),
  genai_get_pricing: scalarKernel({
    args: ['string'],
    returns: 'dynamic',
    fn: (model) => {
      const price = modelPrice(model)
      return price === null
        ? null
        : { input_price_per_million: price.input, output_price_per_million: price.output }
    },
  }),
  genai_input_cost: scalarKernel({
    args: ['string', 'number'],
    returns: 'real',
    fn: (model, tokens) => {
      const price = modelPrice(model)
      return price === null ? null : usd(tokens, price.input)
    },
  }),
  genai_output_cost: scalarKernel({
    args: ['string', 'number'],
    returns: 'real',
    fn: (model, tokens) => {
      const price = modelPrice(model)
      return price === null ? null : usd(tokens, price.output)
    },
  }),
  genai_cost: scalarKernel({
    args: ['string', 'number', 'number'],
    returns: 'real',
    fn: (model, input, output) => {
      const price = modelPrice(model)
      const a = price === null ? null : usd(input, price.input)
      const b = price === null ? null : usd(output, price.output)
      return a === null || b === null ? null : a + b
    },
  }),
}
