// storage/block/time-columns.ts: the names of the two datetime columns every block starts with.

/** Name of the event-time column (datetime, never null, always column 0). */
export const TIME_FIELD = '_time'
/** Name of the ingest-time column (datetime, never null, always column 1). */
export const SYS_TIME_FIELD = '_sysTime'
