// S3 (RELIABILITY.md §2.4): secrets are compared in one place only, with timingSafeEqual; the
// helper never throws on unequal lengths; minted secrets have the Axiom prefix and 256 bits.
import { readdir, readFile } from 'node:fs/promises'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { hashesEqual, hashSecret, mintSecret } from '../../../src/service/token-secret.ts'

const SRC = path.resolve(import.meta.dirname, '../../../src')

async function sources(): Promise<{ file: string; text: string }[]> {
  const out: { file: string; text: string }[] = []
  for (const e of await readdir(SRC, { recursive: true, withFileTypes: true })) {
    if (e.isFile() && e.name.endsWith('.ts')) {
      const file = path.join(e.parentPath, e.name)
      out.push({ file: path.relative(SRC, file), text: await readFile(file, 'utf8') })
    }
  }
  return out
}

describe('token secrets', () => {
  it('mints xaat- + 32 random bytes (base64url) and hashes with SHA-256', () => {
    const a = mintSecret()
    expect(a).toMatch(/^xaat-[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(a.slice(5), 'base64url')).toHaveLength(32)
    expect(mintSecret()).not.toBe(a)
    expect(hashSecret(a)).toMatch(/^[0-9a-f]{64}$/)
  })

  it('hashesEqual is false, without throwing, for different lengths or empty input', () => {
    const h = hashSecret('x')
    expect(hashesEqual(h, h)).toBe(true)
    expect(hashesEqual(h, hashSecret('y'))).toBe(false)
    expect(hashesEqual(h, h.slice(2))).toBe(false)
    expect(hashesEqual('', '')).toBe(false)
  })

  it('timingSafeEqual is called in token-secret.ts only, and secret hashes are compared nowhere else', async () => {
    const files = await sources()
    const sites = files.filter((f) => f.text.includes('timingSafeEqual(')).map((f) => f.file)
    console.log(`comparison_sites=${sites.length}`)
    expect(sites).toEqual([path.join('service', 'token-secret.ts')])
    const direct = files
      .filter((f) => /secretHash\s*[!=]==|===?\s*\S*secretHash\b/.test(f.text))
      .map((f) => f.file)
    expect(direct).toEqual([])
  })
})
