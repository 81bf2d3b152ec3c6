// The capability model: validation of token capability maps, per-dataset and `*` checks, org
// checks, and `covers` (no token can mint a stronger one).
import { describe, expect, it } from 'vitest'
import {
  allowsAnyDataset,
  allowsDataset,
  allowsOrg,
  checkDatasetCapabilities,
  checkOrgCapabilities,
  covers,
  type Principal,
} from '../../../src/service/capabilities.ts'
import { ServiceError } from '../../../src/service/service-error.ts'

const p = (d: Principal['datasetCapabilities'], o: Principal['orgCapabilities'] = {}): Principal => ({
  id: 'tok_x',
  name: 'x',
  root: false,
  datasetCapabilities: d,
  orgCapabilities: o,
})

describe('capability validation', () => {
  it('normalizes: empty lists dropped, duplicates merged, "" ignored, null is empty', () => {
    expect(checkDatasetCapabilities({ a: { query: ['read', 'read', ''], ingest: [] }, b: {} })).toEqual({
      a: { query: ['read'] },
    })
    expect(checkDatasetCapabilities(null)).toEqual({})
    expect(checkOrgCapabilities({ apiTokens: ['delete', 'create'] })).toEqual({
      apiTokens: ['create', 'delete'],
    })
  })

  it.each([
    [() => checkDatasetCapabilities({ a: { query: ['create'] } }), /unknown action "create"/],
    [() => checkDatasetCapabilities({ a: { nope: ['read'] } }), /unknown capability "nope"/],
    [() => checkDatasetCapabilities({ a: { query: 'read' } }), /must be an array/],
    [() => checkDatasetCapabilities({ '': { query: ['read'] } }), /empty dataset name/],
    [() => checkOrgCapabilities({ auditLog: ['update'] }), /unknown action "update"/],
    [() => checkOrgCapabilities([]), /must be an object/],
  ])('refuses %#', (fn, message) => {
    expect(fn).toThrow(ServiceError)
    expect(fn).toThrow(message)
  })
})

describe('capability checks', () => {
  const tok = p({ a: { query: ['read'] }, '*': { ingest: ['create'] } }, { datasets: ['read'] })

  it('per dataset and through *', () => {
    expect(allowsDataset(tok, 'a', 'query', 'read')).toBe(true)
    expect(allowsDataset(tok, 'b', 'query', 'read')).toBe(false)
    expect(allowsDataset(tok, 'b', 'ingest', 'create')).toBe(true)
    expect(allowsAnyDataset(tok, 'query', 'read')).toBe(true)
    expect(allowsAnyDataset(tok, 'data', 'delete')).toBe(false)
    // Inherited keys are not datasets.
    expect(allowsDataset(tok, 'toString', 'query', 'read')).toBe(false)
  })

  it('org capabilities, and root holds everything', () => {
    expect(allowsOrg(tok, 'datasets', 'read')).toBe(true)
    expect(allowsOrg(tok, 'datasets', 'delete')).toBe(false)
    const root = { ...p({}), root: true }
    expect(allowsOrg(root, 'billing', 'update')).toBe(true)
    expect(allowsDataset(root, 'x', 'data', 'delete')).toBe(true)
  })

  it('covers: equal or weaker only; * only from *', () => {
    expect(covers(tok, { a: { query: ['read'] } }, {})).toBe(true)
    expect(covers(tok, { zz: { ingest: ['create'] } }, {})).toBe(true)
    expect(covers(tok, { '*': { ingest: ['create'] } }, {})).toBe(true)
    expect(covers(tok, { '*': { query: ['read'] } }, {})).toBe(false)
    expect(covers(tok, { a: { data: ['delete'] } }, {})).toBe(false)
    expect(covers(tok, {}, { datasets: ['read', 'update'] })).toBe(false)
  })
})
