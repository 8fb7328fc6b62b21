/** Idempotency keys written as done with their replies in one statement (insertDoneClaims). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DoneClaim, insertDoneClaims, isKeyTaken } from '../../../server/plugins/idempotency-repository'
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

const rows = () =>
  t.handle.db
    .selectFrom('idempotency_keys')
    .select(['key', 'state', 'request_hash', 'status_code', 'reply_body', 'created_at', 'expires_at', 'lease_id'])
    .where('scope', '=', 'user:1')
    .orderBy('key')
    .execute()

describe('insertDoneClaims', () => {
  it('writes free keys with their replies, and nothing, failing as isKeyTaken knows, when one has a row or is named twice', async () => {
    await insertDoneClaims(t.handle.db, [done('taken', '{"first":true}')])
    await expect(insertDoneClaims(t.handle.db, [done('a', '{}'), done('taken', '{}')])).rejects.toSatisfy(isKeyTaken)
    await expect(insertDoneClaims(t.handle.db, [done('a', '{}'), done('c', '{}'), done('a', '{"n":2}')])).rejects.toSatisfy(isKeyTaken)
    expect((await rows()).map((r) => r.key)).toEqual(['taken'])
    await insertDoneClaims(t.handle.db, [done('a', '{"n":"a \\"1\\""}'), done('b', 'back\\slash')])
    expect(await rows()).toEqual([
      { key: 'a', state: 'done', request_hash: 'hash of {"n":"a \\"1\\""}', status_code: 200, reply_body: '{"n":"a \\"1\\""}', created_at: 10, expires_at: 20, lease_id: null },
      { key: 'b', state: 'done', request_hash: 'hash of back\\slash', status_code: 200, reply_body: 'back\\slash', created_at: 10, expires_at: 20, lease_id: null },
      { key: 'taken', state: 'done', request_hash: 'hash of {"first":true}', status_code: 200, reply_body: '{"first":true}', created_at: 10, expires_at: 20, lease_id: null },
    ])
    expect(isKeyTaken(new Error('another'))).toBe(false)
  })
})
