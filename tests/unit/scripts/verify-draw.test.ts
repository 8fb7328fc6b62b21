/**
 * The verify-draw CLI against a stand-in for /newStock/draw (a node:http server answering with
 * the envelope): the server's routes for new shares are tested with the CLI in tests/server/ipo
 * once they exist.
 */
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { commitmentOf, DRAW_ALGORITHM, digestOf, runDraw } from '../../../src/contract/draw'
import { type IpoDraw } from '../../../src/contract/replies'
import { checkPublishedDraw } from '../../../src/features/ipo/drawCheck'
import { fetchDraw, main, parseArgs, report } from '../../../scripts/verify-draw'

const SEED = 'a5'.repeat(32)
const applications = Array.from({ length: 30 }, (_, i) => ({
  ref: `REF${String(i).padStart(4, '0')}`,
  lots: 1 + (i % 4),
}))

function honest(): IpoDraw {
  const digest = digestOf(applications)
  const base = {
    seed: SEED,
    beacon: '',
    digest,
    applications,
    allottableLots: 12,
    minLots: 1,
    basis: 'sebi_retail' as const,
  }
  const { minLots, ...rest } = base
  return {
    issueId: 7,
    algorithm: DRAW_ALGORITHM,
    commitment: commitmentOf(SEED),
    ...rest,
    minLot: minLots,
    result: runDraw(base),
    drawnAt: 1_000,
  }
}

let published: unknown
let server: Server
let url = ''

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const { id } = JSON.parse(body) as { id: number }
      const reply = req.url === '/api/vue/newStock/draw' && id === 7 ? { status: 1, msg: '', data: published } : { status: 0, msg: 'No such issue', code: 'ipo_not_found' }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('verify-draw', () => {
  it('exits 0 and says ALL MATCH for an honest draw fetched over HTTP', async () => {
    published = honest()
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      expect(await main(['7', '--server', url])).toBe(0)
      const out = log.mock.calls.map((c) => String(c[0])).join('\n')
      expect(out).toContain('commitment: sha256(seed) matches')
      expect(out).toContain('digest:     sha256(list) matches')
      expect(out).toContain('applications 30, allottable lots 12')
      expect(out).toContain('#1 ')
      expect(out).toContain('ALL MATCH')
    } finally {
      log.mockRestore()
    }
  })

  it('exits 1 and names the application when the server changed one allotment', async () => {
    const draw = honest()
    const victim = draw.result.find((r) => r.lots === 0)!
    published = {
      ...draw,
      result: draw.result.map((r) => (r === victim ? { ...r, lots: 1 } : r)),
    }
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      expect(await main([`--server=${url}`, '7'])).toBe(1)
      const out = log.mock.calls.map((c) => String(c[0])).join('\n')
      expect(out).toContain(`${victim.ref}: re-run #${victim.rank} 0 lots, server #${victim.rank} 1 lots`)
      expect(out).toContain('MISMATCH')
    } finally {
      log.mockRestore()
    }
  })

  it('reports a wrong commitment and a wrong digest', () => {
    const draw = honest()
    const { ok, lines } = report({
      ...draw,
      commitment: commitmentOf('b6'.repeat(32)),
      digest: digestOf(applications.slice(1)),
    })
    expect(ok).toBe(false)
    expect(lines).toContain('commitment: sha256(seed) DOES NOT MATCH')
    expect(lines).toContain('digest:     sha256(list) DOES NOT MATCH')
  })

  it('does not throw on a seed that is not hex: it does not match', () => {
    expect(checkPublishedDraw({ ...honest(), seed: 'not a seed' })).toMatchObject({
      state: 'checked',
      allMatch: false,
      commitmentMatches: false,
    })
  })

  it('says there is nothing to verify before the draw, with exit code 1', () => {
    const { ok, lines } = report({
      ...honest(),
      seed: null,
      result: [],
      drawnAt: null,
    })
    expect(ok).toBe(false)
    expect(lines.join('\n')).toContain('not drawn yet')
  })

  it("passes the server's refusal on and exits 1 for an unknown issue", async () => {
    await expect(fetchDraw(url, 8)).rejects.toThrow(/ipo_not_found: No such issue/)
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect(await main(['8', '--server', url])).toBe(1)
    } finally {
      error.mockRestore()
    }
  })

  it('reads the issue and the server from the arguments, localhost:8080 by default', () => {
    expect(parseArgs(['12'])).toEqual({
      issueId: 12,
      server: 'http://localhost:8080',
    })
    expect(parseArgs(['--server', 'http://x:1', '3'])).toEqual({
      issueId: 3,
      server: 'http://x:1',
    })
    expect(() => parseArgs([])).toThrow(/usage/)
    expect(() => parseArgs(['abc'])).toThrow(/usage/)
  })
})
