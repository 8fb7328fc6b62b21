import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestFingerprint } from '../../../server/plugins/idempotency-fingerprint'
import { purgeExpired } from '../../../server/plugins/cleanup'
import { type Commit, idempotencyRunner } from '../../../server/plugins/idempotency'
import { insertClaim } from '../../../server/plugins/idempotency-repository'
import { entriesOfUser } from '../../../server/ledger/repository'
import { findUserByAccount, insertOrganisationCode, inviteCodeExists } from '../../../server/accounts/repository'
import { createTestApp, type TestApp } from '../helpers'

let t: TestApp
let headers: Record<string, string>
let userId: number
let flakyFailures = 0
let stealLease = false

beforeAll(async () => {
  t = await createTestApp()
  // A test-only mutation: writes an invite code in its effect and can fail after writing it.
  const run = idempotencyRunner(t.database.db)
  t.app.post<{ Body: { code: string } }>('/api/vue/test/flaky', { config: { idempotent: true } }, async (request, reply) =>
    run(request, reply, (commit: Commit) =>
      commit(async (trx) => {
        await insertOrganisationCode(trx, request.body.code, 'test', t.clock.now())
        if (stealLease) await trx.updateTable('idempotency_keys').set({ lease_id: 'someone-else' }).execute()
        if (flakyFailures > 0) {
          flakyFailures--
          throw new Error('crash after the write')
        }
        return { code: request.body.code }
      }),
    ),
  )
  await t.register('9700000001')
  headers = await t.login('9700000001', 'secret123')
  userId = (await findUserByAccount(t.database.db, '9700000001'))!.id
})
afterAll(() => t.close())

const rewards = async (id: number) => (await entriesOfUser(t.database.db, id)).filter((e) => e.reason === 'sign_in_reward')

describe('idempotent mutations', () => {
  it('replays a sign-in sent twice with one key: same reply, one effect', async () => {
    const key = randomUUID()
    const first = await t.call('/user/signIn', {}, { headers, key })
    const second = await t.call('/user/signIn', {}, { headers, key })
    expect(first.body).toMatchObject({ status: 1, data: { count: 1 } })
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    expect(second.statusCode).toBe(first.statusCode)
    expect(second.raw).toBe(first.raw)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(await rewards(userId)).toHaveLength(1)
    const info = await t.call('/user/info', {}, { headers })
    expect(info.body.data).toMatchObject({ signIn: { count: 1 } })
  })

  it('stores a refusal too: a retry the next day still gets it', async () => {
    const key = randomUUID()
    const refused = await t.call('/user/signIn', {}, { headers, key })
    expect(refused.body.code).toBe('already_signed_in')
    t.clock.advance(24 * 3600 * 1000)
    const retried = await t.call('/user/signIn', {}, { headers, key })
    expect(retried.raw).toBe(refused.raw)
    expect(retried.headers['idempotent-replayed']).toBe('true')
    expect(await rewards(userId)).toHaveLength(1)
  })

  it('refuses the same key with another body: 422', async () => {
    const key = randomUUID()
    const form = (account: string) => ({ account, password: 'secret123', confirmPassword: 'secret123', inviteCode: 'TIJORI', agree: true })
    expect((await t.call('/user/register', form('9700000002'), { key })).body.status).toBe(1)
    const reused = await t.call('/user/register', form('9700000003'), { key })
    expect(reused.statusCode).toBe(422)
    expect(reused.body).toMatchObject({ status: 0, code: 'idempotency_key_reused' })
    expect(await findUserByAccount(t.database.db, '9700000003')).toBeUndefined()
  })

  it('answers 409 while the first request holds the key, and lets a retry take over a dead claim', async () => {
    const key = randomUUID()
    const now = t.clock.now()
    // What a request that crashed mid-way leaves behind: a claim whose lease runs 30 s.
    await insertClaim(t.database.db, {
      scope: `user:${userId}`,
      key,
      requestHash: requestFingerprint('POST', '/api/vue/user/signIn', {}),
      leaseId: 'crashed-request',
      leaseUntil: now + t.config.idempotencyLeaseSeconds * 1000,
      now,
      expiresAt: now + t.config.idempotencyTtlSeconds * 1000,
    })
    const busy = await t.call('/user/signIn', {}, { headers, key })
    expect(busy.statusCode).toBe(409)
    expect(busy.body).toMatchObject({ status: 0, code: 'request_in_flight' })
    expect(await rewards(userId)).toHaveLength(1)

    t.clock.advance(t.config.idempotencyLeaseSeconds * 1000)
    const takeover = await t.call('/user/signIn', {}, { headers, key })
    expect(takeover.body).toMatchObject({ status: 1, data: { count: 2 } })
    expect(await rewards(userId)).toHaveLength(2)
  })

  it('has one effect when two requests with one key race', async () => {
    t.clock.advance(24 * 3600 * 1000)
    const key = randomUUID()
    const replies = await Promise.all([t.call('/user/signIn', {}, { headers, key }), t.call('/user/signIn', {}, { headers, key })])
    const ok = replies.filter((r) => r.body.status === 1)
    const busy = replies.filter((r) => r.statusCode === 409)
    // Either the second arrived while the first worked (409) or after it finished (a replay).
    expect(ok.length + busy.length).toBe(2)
    expect(ok.length).toBeGreaterThanOrEqual(1)
    if (ok.length === 2) expect(ok[0]!.raw).toBe(ok[1]!.raw)
    expect(await rewards(userId)).toHaveLength(3)
  })

  it('signs in once when two requests with different keys race on the same day', async () => {
    t.clock.advance(24 * 3600 * 1000)
    const replies = await Promise.all([t.call('/user/signIn', {}, { headers, key: true }), t.call('/user/signIn', {}, { headers, key: true })])
    expect(replies.map((r) => r.body.code ?? 'ok').sort()).toEqual(['already_signed_in', 'ok'])
    expect(await rewards(userId)).toHaveLength(4)
  })

  it('keeps keys per user: the same key from two users is two requests', async () => {
    const { account, password } = await t.register('9700000004')
    const other = await t.login(account, password)
    const key = randomUUID()
    expect((await t.call('/user/signIn', {}, { headers, key })).body.code).toBe('already_signed_in')
    const theirs = await t.call('/user/signIn', {}, { headers: other, key })
    expect(theirs.body).toMatchObject({ status: 1, data: { count: 1 } })
    expect(theirs.headers['idempotent-replayed']).toBeUndefined()
  })

  it('rolls back a crashed effect with a 500 and frees the key for the retry', async () => {
    const key = randomUUID()
    flakyFailures = 1
    const crashed = await t.app.inject({ method: 'POST', url: '/api/vue/test/flaky', payload: { code: 'FLAKY1' }, headers: { ...headers, 'idempotency-key': key } })
    expect(crashed.statusCode).toBe(500)
    expect(crashed.json()).toMatchObject({ status: 0, code: 'internal_error' })
    expect(await inviteCodeExists(t.database.db, 'FLAKY1')).toBe(false)

    const retried = await t.app.inject({ method: 'POST', url: '/api/vue/test/flaky', payload: { code: 'FLAKY1' }, headers: { ...headers, 'idempotency-key': key } })
    expect(retried.json()).toEqual({ status: 1, msg: 'ok', data: { code: 'FLAKY1' } })
    expect(await inviteCodeExists(t.database.db, 'FLAKY1')).toBe(true)
    const replay = await t.app.inject({ method: 'POST', url: '/api/vue/test/flaky', payload: { code: 'FLAKY1' }, headers: { ...headers, 'idempotency-key': key } })
    expect(replay.headers['idempotent-replayed']).toBe('true')
  })

  it('undoes the effect when another request took the key over meanwhile', async () => {
    stealLease = true
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/vue/test/flaky', payload: { code: 'FLAKY2' }, headers: { ...headers, 'idempotency-key': randomUUID() } })
      expect(res.statusCode).toBe(409)
      expect(await inviteCodeExists(t.database.db, 'FLAKY2')).toBe(false)
    } finally {
      stealLease = false
    }
  })

  it('forgets keys after idempotency_ttl_seconds', async () => {
    const key = randomUUID()
    await t.call('/user/signIn', {}, { headers, key })
    const count = () => t.database.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()
    expect(await count()).toHaveLength(1)
    t.clock.advance(t.config.idempotencyTtlSeconds * 1000 - 1)
    await purgeExpired({ db: t.database.db, now: t.clock.now, config: t.config })
    expect(await count()).toHaveLength(1)
    t.clock.advance(1)
    await purgeExpired({ db: t.database.db, now: t.clock.now, config: t.config })
    expect(await count()).toHaveLength(0)
  })

  it('withdraws a request not yet carried out, so it never happens, and answers a done one with its reply', async () => {
    const before = (await rewards(userId)).length
    // The clock has run past the first session's expiry in the tests before.
    const headers = await t.login('9700000001', 'secret123')
    const withdraw = { ...headers, 'idempotency-withdraw': '1' }
    const key = randomUUID()
    const withdrawn = await t.call('/user/signIn', {}, { headers: withdraw, key })
    expect(withdrawn.body).toMatchObject({ status: 0, code: 'request_withdrawn' })
    // The original request arriving late gets the same refusal and does nothing.
    const late = await t.call('/user/signIn', {}, { headers, key })
    expect(late.raw).toBe(withdrawn.raw)
    expect(await rewards(userId)).toHaveLength(before)

    t.clock.advance(24 * 3600 * 1000)
    const doneKey = randomUUID()
    const done = await t.call('/user/signIn', {}, { headers, key: doneKey })
    expect(done.body.status).toBe(1)
    const asked = await t.call('/user/signIn', {}, { headers: withdraw, key: doneKey })
    expect(asked.raw).toBe(done.raw)
    expect(await rewards(userId)).toHaveLength(before + 1)
  })
})
