// exec/kernels/genai/model-prices.ts: the model price table genai_get_pricing and the genai_*cost
// functions read: list prices in USD per million tokens, as the providers published them on the date
// below (standard tier, no caching or batch discounts). Data, dated; update the rows and the date
// together. Lookup: case-insensitive, a `provider/` prefix and a release-date suffix dropped, then the
// longest table name the model starts with at a `-` boundary (`gpt-4o-mini-2024-07-18` → gpt-4o-mini).

/** The date the prices below were read from the providers' price pages. */
export const PRICES_AS_OF = '2025-08-31'

/** USD per million input and output tokens. */
export interface ModelPrice {
  readonly input: number
  readonly output: number
}

const p = (input: number, output: number): ModelPrice => ({ input, output })

/** Model name → price. */
const PRICES: ReadonlyMap<string, ModelPrice> = new Map([
  // OpenAI
  ['gpt-3.5-turbo', p(0.5, 1.5)],
  ['gpt-4', p(30, 60)],
  ['gpt-4-32k', p(60, 120)],
  ['gpt-4-turbo', p(10, 30)],
  ['gpt-4o', p(2.5, 10)],
  ['gpt-4o-mini', p(0.15, 0.6)],
  ['gpt-4.1', p(2, 8)],
  ['gpt-4.1-mini', p(0.4, 1.6)],
  ['gpt-4.1-nano', p(0.1, 0.4)],
  ['gpt-5', p(1.25, 10)],
  ['gpt-5-mini', p(0.25, 2)],
  ['gpt-5-nano', p(0.05, 0.4)],
  ['o1', p(15, 60)],
  ['o1-mini', p(1.1, 4.4)],
  ['o3', p(2, 8)],
  ['o3-mini', p(1.1, 4.4)],
  ['o4-mini', p(1.1, 4.4)],
  // Anthropic
  ['claude-3-haiku', p(0.25, 1.25)],
  ['claude-3-sonnet', p(3, 15)],
  ['claude-3-opus', p(15, 75)],
  ['claude-3-5-haiku', p(0.8, 4)],
  ['claude-3-5-sonnet', p(3, 15)],
  ['claude-3-7-sonnet', p(3, 15)],
  ['claude-sonnet-4', p(3, 15)],
  ['claude-opus-4', p(15, 75)],
  ['claude-opus-4-1', p(15, 75)],
  // Google
  ['gemini-1.5-flash', p(0.075, 0.3)],
  ['gemini-1.5-pro', p(1.25, 5)],
  ['gemini-2.0-flash', p(0.1, 0.4)],
  ['gemini-2.5-flash', p(0.3, 2.5)],
  ['gemini-2.5-pro', p(1.25, 10)],
])

const DATE_SUFFIX = /-(\d{8}|\d{4}-\d{2}-\d{2}|latest)$/

/** The price of a model name, or null when the table has no entry for it. */
export function modelPrice(model: string): ModelPrice | null {
  let name = model.trim().toLowerCase()
  const slash = name.lastIndexOf('/')
  if (slash >= 0) name = name.slice(slash + 1)
  const exact = PRICES.get(name) ?? PRICES.get(name.replace(DATE_SUFFIX, ''))
  if (exact) return exact
  let best: string | null = null
  for (const key of PRICES.keys()) {
    if (name.startsWith(`${key}-`) && (best === null || key.length > best.length)) best = key
  }
  return best === null ? null : (PRICES.get(best) ?? null)
}
