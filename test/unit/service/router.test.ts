// The router over the real route table: literal rows before parameter rows, percent-decoding,
// 405 with the allowed methods, and unknown paths.
import { describe, expect, it } from 'vitest'
import { ROUTES } from '../../../src/service/index.ts'
import { Router } from '../../../src/service/router.ts'

const router = new Router(ROUTES)
const id = (method: string, path: string) => {
  const m = router.match(method, path)
  return m.kind === 'route' ? [m.match.route.id, { ...m.match.params }] : [m.kind]
}

describe('router', () => {
  it.each([
    ['POST', '/v2/datasets/_apl/delete', ['blocks.delete', {}]],
    ['POST', '/v2/datasets/a.b/trim', ['datasets.trim', { id: 'a.b' }]],
    ['POST', '/v2/datasets/a.b/vacuum', ['datasets.vacuum', { id: 'a.b' }]],
    ['GET', '/v2/datasets/a%2Eb', ['datasets.get', { id: 'a.b' }]],
    ['GET', '/v2/datasets/', ['datasets.list', {}]],
    ['POST', '/v1/ingest/x', ['ingest.edge', { id: 'x' }]],
    ['GET', '/v1/datasets/_apl', ['method']],
    ['GET', '/v2/datasets//fields', ['none']],
    ['GET', '/v3/anything', ['none']],
  ])('%s %s', (method, path, expected) => {
    expect(id(method, path)).toEqual(expected)
  })

  it('lists the allowed methods of a known path', () => {
    expect(router.match('PATCH', '/v2/annotations/ann_1')).toEqual({
      kind: 'method',
      allow: ['GET', 'PUT', 'DELETE'],
    })
  })

  it('route ids are unique and every path starts with /v1/ or /v2/', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length)
    for (const r of ROUTES) expect(r.path).toMatch(/^\/v[12]\//)
  })
})
