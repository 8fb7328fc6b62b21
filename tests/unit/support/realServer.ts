/**
 * The real API server (the server helper's test app: buildApp on in-memory PGlite, seeded) on a
 * real port, reached through a TCP proxy the test can break. No mocks of the server.
 */
import { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { setApiBase } from '../../../src/data/api'
import { createTestApp, type TestApp } from '../../server/helpers'
import { findUserByAccount } from '../../../server/accounts/repository'
import { entriesOfUser } from '../../../server/ledger/repository'
import { startTcpProxy, type TcpProxy } from './tcpProxy'

export type RealServer = {
  t: TestApp
  proxy: TcpProxy
  /** The API base through the proxy, for setApiBase. */
  baseUrl: string
  /** Registers a fresh account on the server; each test uses its own so daily rules do not collide. */
  newAccount: () => Promise<{ account: string; password: string }>
  signInsOf: (account: string) => Promise<{ day: string }[]>
  ledgerEntriesOf: (account: string) => Promise<{ reason: string }[]>
  close: () => Promise<void>
}

let nextAccount = 9_600_000_000

export async function startRealServer(options: Parameters<typeof createTestApp>[0] = {}): Promise<RealServer> {
  const t = await createTestApp(options)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = t.app.server.address() as AddressInfo
  const proxy = await startTcpProxy({ host: '127.0.0.1', port })
  const userId = async (account: string) => {
    const user = await findUserByAccount(t.database.db, account)
    if (!user) throw new Error(`no user ${account}`)
    return user.id
  }
  return {
    t,
    proxy,
    baseUrl: `http://127.0.0.1:${proxy.port}/api/vue`,
    newAccount: async () => t.register(String(++nextAccount)),
    signInsOf: async (account) =>
      t.database.db.selectFrom('sign_ins').select(['day']).where('user_id', '=', await userId(account)).execute(),
    ledgerEntriesOf: async (account) => entriesOfUser(t.database.db, await userId(account)),
    close: async () => {
      await proxy.close()
      await t.close()
    },
  }
}

/**
 * A test file's real server: started before its tests with the API client pointed at it, the
 * proxy passing again before each test, closed after. The returned object is filled in by the
 * time the tests run.
 */
export function useRealServer(): RealServer {
  const server = {} as RealServer
  beforeAll(async () => {
    Object.assign(server, await startRealServer())
    setApiBase(server.baseUrl)
  })
  beforeEach(() => server.proxy.setMode('pass'))
  afterAll(() => server.close())
  return server
}
