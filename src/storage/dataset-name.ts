// storage/dataset-name.ts: dataset name rules (api-contract.md §4: the superset of the docs' and
// the SDKs' rules).
import { StoreError } from './errors.ts'

const NAME_RE = /^[a-zA-Z0-9]([a-zA-Z0-9._-]{0,126}[a-zA-Z0-9])?$/

/** Throw `invalid_dataset_name` unless `name` is a valid dataset name. */
export function validateDatasetName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !NAME_RE.test(name)) {
    throw new StoreError(
      'invalid_dataset_name',
      `invalid dataset name ${JSON.stringify(name)}: use 1–128 characters of letters, digits, '.', '_' and '-', starting and ending with a letter or digit`,
    )
  }
}
