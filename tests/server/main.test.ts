import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { start } from '../../server/main'

const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

describe('server start-up', () => {
  it('migrates and seeds a new data folder once, listens, and says how to sign in', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tijori-main-'))
    dirs.push(dataDir)
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }
    try {
      const first = await start({ env, port: 0, staticDir: null, handleSignals: false })
      const health = await fetch(`${first.url}/api/health`)
      expect(await health.json()).toEqual({ status: 1, msg: 'ok', data: { db: 'pglite' } })
      await first.close()
      const firstLog = log.mock.calls.map((c) => String(c[0])).join('\n')
      expect(firstLog).toContain('demo invite code: TIJORI')
      expect(firstLog).toContain('9000000001 / password demo1234')
      expect(firstLog).toContain('seeded an empty database')
      expect(firstLog).toContain('admin.html (first operator "operator" made, password operator-demo)')

      log.mockClear()
      const second = await start({ env, port: 0, staticDir: null, handleSignals: false })
      const login = await fetch(`${second.url}/api/vue/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: '9000000001', password: 'demo1234' }),
      })
      expect((await login.json()).status).toBe(1)
      const operator = await fetch(`${second.url}/api/admin/operator/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'operator', password: 'operator-demo' }),
      })
      expect((await operator.json()).status).toBe(1)
      await second.close()
      expect(log.mock.calls.map((c) => String(c[0])).join('\n')).not.toContain('seeded')
    } finally {
      log.mockRestore()
    }
    // Two starts, the first of a new data folder: migrations, the seed and a year of market.
  }, 120_000)

  it('prints no line per request by default, and a JSON line each at LOG_LEVEL=info', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tijori-main-'))
    dirs.push(dataDir)
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      const linesAt = async (level: Record<string, string>) => {
        const lines: string[] = []
        const running = await start({ env: { DATA_DIR: dataDir, MARKET_BACKFILL_DAYS: '2', ...level }, port: 0, staticDir: null, handleSignals: false, logStream: { write: (line) => void lines.push(line) } })
        for (let i = 0; i < 3; i++) expect((await fetch(`${running.url}/api/health`)).status).toBe(200)
        expect((await fetch(`${running.url}/api/vue/user/info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401)
        await running.close()
        return lines
      }
      expect(await linesAt({})).toEqual([])
      expect(log.mock.calls.map((c) => String(c[0])).join('\n')).toContain('log: warn (warnings and errors only; LOG_LEVEL=info logs every request as JSON)')
      const verbose = (await linesAt({ LOG_LEVEL: 'info' })).map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
      expect(verbose.filter((line) => line.msg === 'incoming request').map((line) => line.req?.url)).toEqual([...Array<string>(3).fill('/api/health'), '/api/vue/user/info'])
    } finally {
      log.mockRestore()
    }
    // Two starts of a new data folder: migrations, the seed and two days of market each time.
  }, 120_000)
})
