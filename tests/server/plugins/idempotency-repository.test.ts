/** Idempotency keys written as done with their replies in one statement (insertDoneClaims). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DoneClaim, insertDoneClaims } from '../../../server/plugins/idempotency-repository'
import { createTestDatabase, type TestDatabase } from '../helpers'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.drop())

const done = (key: string, body: string): DoneClaim => ({
  scope: 'user:1',
  key,
  requestHash: `hash of ${body}`,
  now: 10,
  expiresAt: 20,
  reply: { statusCode: 200, body },
})

describe('insertDoneClaims', () => {
  it('writes each free key with its reply; a key already there, or named twice, only once', async () => {
    expect(await insertDoneClaims(t.handle.db, [done('taken', '{"first":true}')])).toEqual([true])
    const written = await insertDoneClaims(t.handle.db, [done('a', '{"n":"a \\"1\\""}'), done('taken', '{}'), done('a', '{"n":2}'), done('b', 'back\\slash')])
    expect(written).toEqual([true, false, false, true])
    const rows = await t.handle.db
      .selectFrom('idempotency_keys')
      .select(['key', 'state', 'request_hash', 'status_code', 'reply_body', 'created_at', 'expires_at', 'lease_id'])
      .where('scope', '=', 'user:1')
      .orderBy('key')
      .execute()
    expect(rows).toEqual([
      { key: 'a', state: 'done', request_hash: 'hash of {"n":"a \\"1\\""}', status_code: 200, reply_body: '{"n":"a \\"1\\""}', created_at: 10, expires_at: 20, lease_id: null },
      { key: 'b', state: 'done', request_hash: 'hash of back\\slash', status_code: 200, reply_body: 'back\\slash', created_at: 10, expires_at: 20, lease_id: null },
      { key: 'taken', state: 'done', request_hash: 'hash of {"first":true}', status_code: 200, reply_body: '{"first":true}', created_at: 10, expires_at: 20, lease_id: null },
    ])
  })
})
