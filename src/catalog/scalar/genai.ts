// catalog/scalar/genai.ts: GenAI conversation functions (Axiom: genai_*): prompts, roles, token and cost
// estimates of LLM conversation arrays. Rows only; kernels live in the executor. Empty until the first
// row: write `const fn = scalarFamily('genai')` and add `fn({ … })` rows (see docs/contributing.md).

import type { ScalarFunctionDef } from './define.ts'

/** genai rows. */
export const genaiFunctions = [] satisfies ScalarFunctionDef[]
