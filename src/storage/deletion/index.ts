// storage/deletion/index.ts: block deletion's storage side: the request commit, the worker and the
// observable types. Re-exports only.

export { DEFAULT_MAX_DELETE_ROWS, deletionOptions } from './options.ts'
export { commitDeletion } from './request.ts'
export { type DeletionInfo, type DeletionState, requestIdOf } from './types.ts'
export { blockFilePath, type DeletionHost, DeletionWorker } from './worker.ts'
