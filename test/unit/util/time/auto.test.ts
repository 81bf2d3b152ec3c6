// test/unit/util/time/auto.test.ts: timestamp auto-detection order and the formats it covers.
import { describe, expect, it } from 'vitest'
import { parseTimeAuto } from '../../../../src/util/time/index.ts'

const at = (iso: string): bigint => BigInt(Date.parse(iso)) * 1_000_000n

describe('parseTimeAuto', () => {
  it.each([
    ['2024-08-14T22:26:25.123Z', '2024-08-14T22:26:25.123Z'],
    ['2024-08-14', '2024-08-14T00:00:00Z'],
    ['1723674385', '2024-08-14T22:26:25Z'],
    ['1723674385123', '2024-08-14T22:26:25.123Z'],
    ['1723674385.5', '2024-08-14T22:26:25.500Z'],
    ['2024-08-25 00:18:19 +0000 UTC', '2024-08-25T00:18:19Z'],
    ['2024-08-25 00:18:19.5 +0200', '2024-08-24T22:18:19.500Z'],
    ['14/Aug/2024:22:26:25 +0000', '2024-08-14T22:26:25Z'],
    ['Wed, 14 Aug 2024 22:26:25 GMT', '2024-08-14T22:26:25Z'],
    ['Wed, 14 Aug 2024 22:26:25 +0100', '2024-08-14T21:26:25Z'],
    ['Wednesday, 14-Aug-24 22:26:25 UTC', '2024-08-14T22:26:25Z'],
    ['Wed Aug 14 22:26:25 2024', '2024-08-14T22:26:25Z'],
    ['Wed Aug 14 22:26:25 UTC 2024', '2024-08-14T22:26:25Z'],
    ['Wed Aug 14 22:26:25 +0000 2024', '2024-08-14T22:26:25Z'],
  ])('detects %j', (s, iso) => {
    expect(parseTimeAuto(s)).toBe(at(iso))
  })

  it.each(['', 'yesterday', 'now', '2024-13-01', '12:00', 'Aug 14'])('rejects %j', (s) => {
    expect(parseTimeAuto(s)).toBeNull()
  })
})
