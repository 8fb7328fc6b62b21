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
  })
})
