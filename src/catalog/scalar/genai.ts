// catalog/scalar/genai.ts: GenAI conversation functions (Axiom: genai_*): prompts, roles, tool calls,
// token and cost estimates over OpenTelemetry GenAI message arrays (a dynamic array, or its JSON text).
// Rows only; kernels (and the dated price table) live in the executor (exec/kernels/genai).

import { q } from '../example.ts'
import { fixed, opt, param, sig } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('genai')

const messages = param('messages', ['dynamic', 'string'])
const model = param('model', 'string')
const tokens = (name: string) => param(name, 'numeric')
const MESSAGES =
  "dynamic([{'role':'system','content':'Be brief.'},{'role':'user','content':'Hi'},{'role':'assistant','content':'Hello!'}])"

/** genai rows. */
export const genaiFunctions = [
  fn({
    name: 'genai_concat_contents',
    tier: 'T3',
    signatures: [sig(messages, opt('separator', 'string'))],
    returns: fixed('string'),
    description: "The messages' text contents joined by `separator` (default a space).",
    example: q(`extend conversation_text = genai_concat_contents(${MESSAGES}, ' / ')`),
  }),
  fn({
    name: 'genai_conversation_turns',
    tier: 'T3',
    signatures: [sig(messages)],
    returns: fixed('long'),
    description: 'The number of turns: user messages answered by an assistant message.',
    example: q(`extend turns = genai_conversation_turns(${MESSAGES})`),
  }),
  fn({
    name: 'genai_cost',
    tier: 'T3',
    signatures: [sig(model, tokens('input_tokens'), tokens('output_tokens'))],
    returns: fixed('real'),
    description:
      "USD for a call's input and output tokens at the model's list price; null for an unknown model.",
    example: q("extend api_cost = genai_cost('gpt-4o', 1200, 350)"),
  }),
  fn({
    name: 'genai_estimate_tokens',
    tier: 'T3',
    signatures: [sig(param('text', 'string'))],
    returns: fixed('long'),
    description: 'An estimate of the tokens in a text: one per four characters, rounded up.',
    example: q('extend estimated_tokens = genai_estimate_tokens(uri)'),
  }),
  fn({
    name: 'genai_extract_assistant_response',
    tier: 'T3',
    signatures: [sig(messages)],
    returns: fixed('string'),
    description: "The content of the conversation's last assistant message; empty when there is none.",
    example: q(`extend ai_response = genai_extract_assistant_response(${MESSAGES})`),
  }),
  fn({
    name: 'genai_extract_function_results',
    tier: 'T3',
    signatures: [sig(messages)],
    returns: fixed('dynamic'),
    description:
      'The results of tool and function calls in the conversation, as an array; null when there are none.',
    example: q(`extend function_results = genai_extract_function_results(${MESSAGES})`),
  }),
  fn({
    name: 'genai_extract_system_prompt',
    tier: 'T3',
    signatures: [sig(messages)],
    returns: fixed('string'),
    description: 'The content of the system message; empty when there is none.',
    example: q(`extend system_prompt = genai_extract_system_prompt(${MESSAGES})`),
  }),
  fn({
    name: 'genai_extract_tool_calls',
    tier: 'T3',
    signatures: [sig(messages)],
    returns: fixed('dynamic'),
    description:
      "The conversation's tool calls as an array of `{id, type, function: {name, arguments}}`; null when there are none.",
    example: q(`extend tool_calls = genai_extract_tool_calls(${MESSAGES})`),
  }),
  fn({
    name: 'genai_extract_user_prompt',
    tier: 'T3',
    signatures: [sig(messages)],
    returns: fixed('string'),
    description: "The content of the conversation's last user message; empty when there is none.",
    example: q(`extend user_query = genai_extract_user_prompt(${MESSAGES})`),
  }),
  fn({
    name: 'genai_get_content_by_index',
    tier: 'T3',
    signatures: [sig(messages, param('index', 'long'))],
    returns: fixed('string'),
    description: 'The content of the message at a zero-based index; empty when out of bounds.',
    example: q(`extend first_message = genai_get_content_by_index(${MESSAGES}, 1)`),
  }),
  fn({
    name: 'genai_get_content_by_role',
    tier: 'T3',
    signatures: [sig(messages, param('role', 'string'))],
    returns: fixed('string'),
    description: 'The content of the first message with a role; empty when there is none.',
    example: q(`extend system_content = genai_get_content_by_role(${MESSAGES}, 'system')`),
  }),
  fn({
    name: 'genai_get_pricing',
    tier: 'T3',
    signatures: [sig(model)],
    returns: fixed('dynamic'),
    description:
      "A model's list price as `{input_price_per_million, output_price_per_million}` in USD; null for an unknown model.",
    example: q("extend pricing = genai_get_pricing('gpt-4')"),
  }),
  fn({
    name: 'genai_get_role',
    tier: 'T3',
    signatures: [sig(messages, param('index', 'long'))],
    returns: fixed('string'),
    description: 'The role of the message at a zero-based index; empty when out of bounds.',
    example: q(`extend first_role = genai_get_role(${MESSAGES}, 0)`),
  }),
  fn({
    name: 'genai_has_tool_calls',
    tier: 'T3',
    signatures: [sig(messages)],
    returns: fixed('bool'),
    description: 'True when the conversation contains tool calls.',
    example: q(`extend has_tools = genai_has_tool_calls(${MESSAGES})`),
  }),
  fn({
    name: 'genai_input_cost',
    tier: 'T3',
    signatures: [sig(model, tokens('input_tokens'))],
    returns: fixed('real'),
    description: "USD for input tokens at the model's list price; null for an unknown model.",
    example: q("extend input_cost = genai_input_cost('gpt-4o', 1200)"),
  }),
  fn({
    name: 'genai_is_truncated',
    tier: 'T3',
    signatures: [sig(messages, param('finish_reason', ['string', 'dynamic']))],
    returns: fixed('bool'),
    description:
      'True when the response stopped at its token limit: finish reason `length` (or `max_tokens`), given or on the last message.',
    example: q(`extend is_truncated = genai_is_truncated(${MESSAGES}, 'length')`),
  }),
  fn({
    name: 'genai_message_roles',
    tier: 'T3',
    signatures: [sig(messages)],
    returns: fixed('dynamic'),
    description: 'The roles of the messages in order, as a dynamic array.',
    example: q(`extend roles = genai_message_roles(${MESSAGES})`),
  }),
  fn({
    name: 'genai_output_cost',
    tier: 'T3',
    signatures: [sig(model, tokens('output_tokens'))],
    returns: fixed('real'),
    description: "USD for output tokens at the model's list price; null for an unknown model.",
    example: q("extend output_cost = genai_output_cost('gpt-4o', 350)"),
  }),
]
