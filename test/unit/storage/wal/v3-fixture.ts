// test/unit/storage/wal/v3-fixture.ts: one WAL record in the row-wise format of version 3 (as
// its encoder wrote it, before the columnar format) and the events it holds.
import type { FlatEvent } from '../../../../src/storage/types.ts'

/** Events of V3_RECORD, and the record as the version-3 encoder (before the columnar format) wrote it. */
export const V3_EVENTS: FlatEvent[] = [
  {
    time: 1_700_000_000_123_456_789n,
    sysTime: 1_700_000_001_000_000_000n,
    fields: {
      method: 'GET',
      status: 200,
      dur: 1.5,
      ok: true,
      big: 2n ** 60n,
      tags: ['a', 1, { k: null }],
      'geo.city': 'São Paulo',
    },
  },
  {
    time: 1_700_000_000_223_456_789n,
    sysTime: 1_700_000_001_000_000_000n,
    fields: { method: 'POST', status: '404', neg: -0, no: false },
  },
  { time: -5n, sysTime: 1_700_000_001_000_000_000n, fields: {} },
]
export const V3_RECORD =
  'AwAAAAAAAEVAAAAAAAEAAAADAAAADgAAAN8AAAAGAAAAAwAAAAYAAAADAAAAAgAAAAMAAAAEAAAAEgAAAAgAAAAJAAAABAAAAAMAAAADAAAAAgAAABXNhT3+nJcXAMrEcf6clxcHAAAAAAAAAAMBAAAAAgAAAAEAAAAAAABpQAMAAAABAAAAAAAA+D8EAAAABAUAAAACAAAAAAAAABAGAAAABgcAAAAIAAAAAwkAAAAVrntD/pyXFwDKxHH+nJcXBAAAAAAAAAADCgAAAAIAAAADCwAAAAwAAAABAAAAAAAAAIANAAAABfv/////////AMrEcf6clxcAAAAAbWV0aG9kR0VUc3RhdHVzZHVyb2tiaWd0YWdzWyJhIiwxLHsiayI6bnVsbH1dZ2VvLmNpdHlTw6NvIFBhdWxvUE9TVDQwNG5lZ25v'
