// Round trip (issue 2 acceptance): arbitrary JSON events → ingest → scan equals the flattened
// input, for block sizes 1, 7, 1000, 65536, in memory and on disk, and after close/reopen.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { type Apldb, openStore } from '../../src/index.ts'
import { TimespanValue } from '../../src/storage/types.ts'
import { type DeclaredRef, flattenDeclaredRef, flattenRef } from '../fixtures/flatten-ref.ts'
import { plain, readAll } from '../fixtures/read-all.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`ingest-roundtrip seed=${seed}`)

const NOW_MS = Date.UTC(2026, 10, 22, 12, 0, 0)
const NOW_NS = BigInt(NOW_MS) * 1_000_000n

// A timestamp in every supported form, paired with the ns it must become.
// From 2001 on, so seconds, ms, µs and ns are told apart by magnitude.
const timeArb = fc.bigInt({ min: 10n ** 18n, max: 4_102_444_800n * 10n ** 9n }).chain((ns) => {
  const s = ns / 10n ** 9n
  const frac = (ns % 10n ** 9n).toString().padStart(9, '0')
  const iso = new Date(Number(s) * 1000).toISOString().slice(0, 19)
  const ms = ns / 1_000_000n
  const us = ns / 1000n
  return fc.constantFrom<[unknown, bigint]>(
    [`${iso}.${frac}Z`, ns],
    [`${iso}.${frac}+00:00`, ns],
    [`${iso}Z`, s * 10n ** 9n],
    [`${iso}.${frac.slice(0, 3)}+02:00`, (s - 7200n) * 10n ** 9n + (ms % 1000n) * 1_000_000n],
    [Number(s), s * 10n ** 9n],
    [Number(ms), ms * 1_000_000n],
    [Number(us), us * 1000n],
    [ns, ns],
    [new Date(Number(ms)), ms * 1_000_000n],
  )
})

const key = fc.oneof(
  fc.constantFrom('a', 'b', 'status', 'n', 'x_y', 'ünï', '日本', '__proto__', '_source', 'constructor'),
  fc.string({ minLength: 1, maxLength: 6 }).filter((k) => !k.includes('.') && k !== '_time'),
)
const scalarArb = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 1.5, 2 ** 53, 2 ** 53 + 2, 1e300, -1e-300, Number.NaN, Number.POSITIVE_INFINITY),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.boolean(),
  fc.constant(null),
)
const jsonArb = fc.jsonValue({ maxDepth: 3 })
const valueArb: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarArb,
    fc.array(jsonArb, { maxLength: 4 }),
    tie('obj'),
  ),
  obj: fc.dictionary(key, tie('v'), { maxKeys: 4, noNullPrototype: true }),
})).v
const eventArb = fc
  .tuple(
    fc.dictionary(key, valueArb, { maxKeys: 6, noNullPrototype: true }),
    fc.option(timeArb, { nil: undefined }),
  )
  .map(([fields, t]) => {
    const ev: Record<string, unknown> = { ...fields }
    delete ev._time
    if (t)
      Object.defineProperty(ev, '_time', {
        value: t[0],
        enumerable: true,
        writable: true,
        configurable: true,
      })
    return { ev, ns: t ? t[1] : NOW_NS }
  })

function expected(events: { ev: Record<string, unknown>; ns: bigint }[]) {
  return plain(events.map(({ ev, ns }) => ({ time: ns, sysTime: NOW_NS, fields: flattenRef(ev) as never })))
}

/** Closes the store; on disk, reopens it, reads `want` again, then closes it and removes its folder. */
async function reopenCheckClose(
  store: Apldb,
  open: () => Promise<Apldb>,
  dir: string | undefined,
  want: unknown,
) {
  await store.close()
  if (!dir) return
  const again = await open()
  expect(plain(await readAll(again, 'rt'))).toEqual(want)
  await again.close()
  await rm(dir, { recursive: true, force: true })
}

const big = (_k: string, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)
const dirs: string[] = []
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

describe('ingest → scan round trip', () => {
  let runs = 0
  let mismatches = 0
  for (const blockRows of [1, 7, 1000, 65536]) {
    for (const onDisk of [false, true]) {
      it(`blockRows=${blockRows} ${onDisk ? 'disk (+reopen)' : 'memory'}`, async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.array(eventArb, { maxLength: 40 }),
            fc.integer({ min: 1, max: 3 }),
            async (events, chunks) => {
              runs++
              const dir = onDisk ? await mkdtemp(path.join(tmpdir(), 'apldb-rt-')) : undefined
              if (dir) dirs.push(dir)
              const open = () => openStore({ path: dir, blockRows, durability: 'none', clock: () => NOW_MS })
              const store = await open()
              await store.datasets.create({ name: 'rt' })
              const size = Math.ceil(events.length / chunks) || 1
              for (let i = 0; i < events.length; i += size) {
                const st = await store.ingest(
                  'rt',
                  events.slice(i, i + size).map((e) => e.ev),
                )
                expect(st.failed).toBe(0)
              }
              const want = expected(events)
              const got = plain(await readAll(store, 'rt'))
              if (JSON.stringify(got, big) !== JSON.stringify(want, big)) mismatches++
              expect(got).toEqual(want)
              await reopenCheckClose(store, open, dir, want)
            },
          ),
          { seed, numRuns: blockRows === 1 ? 60 : 100, interruptAfterTimeLimit: 15_000 },
        )
      })
    }
  }
  afterAll(() => console.log(`ingest-roundtrip runs=${runs} mismatches=${mismatches}`))
})

// Declared fields: `d` (and nested `x.d`) timespans given as numbers, bigints, duration text or other
// strings; `m` (and nested `x.m`) map fields given objects (kept whole), arrays or scalars.
const DURATIONS = new Map<string, bigint>([
  ['250ms', 250_000_000n],
  ['1h30m', 5_400_000_000_000n],
  ['-1.5s', -1_500_000_000n],
  ['00:00:02.5', 2_500_000_000n],
  ['1.02:03:04', 93_784_000_000_000n],
  ['2d', 172_800_000_000_000n],
])
const DECL: DeclaredRef = {
  timespans: new Set(['d', 'x.d']),
  maps: new Set(['m', 'x.m']),
  durations: DURATIONS,
}
const spanValue = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.constantFrom(...DURATIONS.keys()),
  fc.constantFrom('soon', '', '5 minutes'),
)
const mapValue = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 5 }), jsonArb, { maxKeys: 4 }),
  fc.constant({ 'a.b': { c: [1, 'x'] }, __proto__x: 1 }),
  fc.array(jsonArb, { maxLength: 3 }),
  scalarArb,
)
const declaredEventArb = fc
  .record(
    {
      d: spanValue,
      m: mapValue,
      x: fc.record({ d: spanValue, m: mapValue, k: scalarArb }, { requiredKeys: [] }),
      k: scalarArb,
    },
    { requiredKeys: [] },
  )
  .map((ev) => ev as Record<string, unknown>)

describe('ingest → scan round trip with declared fields', () => {
  for (const onDisk of [false, true]) {
    it(`timespans and map fields, ${onDisk ? 'disk (+reopen)' : 'memory'}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(declaredEventArb, { maxLength: 30 }), async (events) => {
          const dir = onDisk ? await mkdtemp(path.join(tmpdir(), 'apldb-rt-decl-')) : undefined
          if (dir) dirs.push(dir)
          const open = () => openStore({ path: dir, blockRows: 7, durability: 'none', clock: () => NOW_MS })
          const store = await open()
          await store.datasets.create({ name: 'rt' })
          await store.datasets.update('rt', { fieldTypes: { d: 'timespan', 'x.d': 'timespan' } })
          await store.datasets.setMapFields('rt', ['m', 'x.m'])
          expect((await store.ingest('rt', events)).failed).toBe(0)
          const want = plain(
            events.map((ev) => ({
              time: NOW_NS,
              sysTime: NOW_NS,
              fields: flattenDeclaredRef(ev, DECL, (ns) => new TimespanValue(ns)) as never,
            })),
          )
          expect(plain(await readAll(store, 'rt'))).toEqual(want)
          await reopenCheckClose(store, open, dir, want)
        }),
        { seed, numRuns: 60, interruptAfterTimeLimit: 15_000 },
      )
    })
  }
})

// Timestamps in a Go layout (with a zone offset and 9 fractional digits), named by timestampFormat.
const LAYOUT = '02/Jan/2006:15:04:05.000000000 -0700'
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
function formatLayout(ns: bigint, offsetMin: number): string {
  const local = ns + BigInt(offsetMin) * 60_000_000_000n
  const d = new Date(Number(local / 1_000_000n))
  const p = (n: number, w = 2) => String(n).padStart(w, '0')
  const sign = offsetMin < 0 ? '-' : '+'
  const off = Math.abs(offsetMin)
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}.${(local % 1_000_000_000n).toString().padStart(9, '0')} ${sign}${p(Math.floor(off / 60))}${p(off % 60)}`
}

describe('ingest → scan round trip with a Go layout', () => {
  it('parses every timestamp with the given layout, to the nanosecond', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.bigInt({ min: 10n ** 18n, max: 4_102_444_800n * 10n ** 9n }),
            fc.integer({ min: -14 * 60, max: 14 * 60 }),
            fc.integer(),
          ),
          { minLength: 1, maxLength: 30 },
        ),
        async (rows) => {
          const store = await openStore({ blockRows: 7, clock: () => NOW_MS })
          await store.datasets.create({ name: 'gl' })
          const st = await store.ingest(
            'gl',
            rows.map(([ns, off, v]) => ({ ts: formatLayout(ns, off), v })),
            { timestampField: 'ts', timestampFormat: LAYOUT },
          )
          expect(st.failed).toBe(0)
          const got = plain(await readAll(store, 'gl'))
          expect(got).toEqual(rows.map(([ns, , v]) => ({ time: ns.toString(), fields: { v } })))
          await store.close()
        },
      ),
      { seed, numRuns: 100, interruptAfterTimeLimit: 10_000 },
    )
  })
})
