// legacy/cursor.ts: legacy paging: a `cursor` is a `_rowId` (exec/scan/row-id.ts), and a
// `continuationToken` is an opaque wrapper of the last `_rowId` a page returned. Decoding only;
// the translator turns a cursor into a `_rowId` bound.

import { parseRowId } from '../exec/scan/row-id.ts'
import { LegacyError } from './errors.ts'
import type { NormalCursor } from './normalized.ts'

const TOKEN_PREFIX = 'apldb1:'

/** The `continuationToken` that resumes after the row `rowId` (base64url, opaque to clients). */
export function continuationToken(rowId: string): string {
  return Buffer.from(TOKEN_PREFIX + rowId, 'utf8').toString('base64url')
}

/** A cursor at `rowId`, or an `invalid_cursor` error naming `what` (the request key). */
export function cursorAt(rowId: string, inclusive: boolean, what: string): NormalCursor {
  const parts = parseRowId(rowId)
  if (parts === null) {
    throw new LegacyError(
      'invalid_cursor',
      `${what} '${rowId}' is not a row id of this server (use a _rowId, minCursor or maxCursor it returned)`,
    )
  }
  return { rowId, timeNs: parts.timeNs, inclusive }
}

/** The cursor a `continuationToken` stands for (always exclusive: the token's row was returned). */
export function cursorOfToken(token: string): NormalCursor {
  const text = /^[A-Za-z0-9_-]+$/.test(token) ? Buffer.from(token, 'base64url').toString('utf8') : ''
  if (!text.startsWith(TOKEN_PREFIX)) {
    throw new LegacyError(
      'invalid_cursor',
      `continuationToken '${token}' was not issued by this server (send back status.continuationToken as is)`,
    )
  }
  return cursorAt(text.slice(TOKEN_PREFIX.length), false, 'continuationToken')
}
