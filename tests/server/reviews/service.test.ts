/**
 * The review service on a real database: counting and finding what waits, and one decision with
 * its audit row in one transaction, decided once. The same path the back office's route and the
 * demo's automatic reviewer take (tests/server/admin/routes.test.ts goes through HTTP).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findUserByAccount } from '../../../server/accounts/repository'
import { countPending, decideAndAudit, isReviewKind, pendingSince, REVIEW_KINDS } from '../../../server/reviews/service'
import { createTestApp, type TestApp } from '../helpers'
import { PNG } from '../pictures'

let t: TestApp
let userId: number
let submissionId: number
let sentAt: number

beforeAll(async () => {
  // No automatic reviewer: every decision below is the test's.
  t = await createTestApp({ config: { autoReviewSeconds: null } })
  const account = '9740000001'
  await t.register(account)
  const headers = await t.login(account, 'secret123')
  userId = (await findUserByAccount(t.database.db, account))!.id
  const up = async (kind: string) => ((await t.call('/user/upload', { kind, data: PNG.toString('base64') }, { headers, key: true })).body.data as { id: number }).id
  const [frontId, backId] = [await up('id_front'), await up('id_back')]
  sentAt = t.clock.now()
  const sent = await t.call('/user/realName', { name: 'Asha Rao', idNumber: 'AB12345678', pan: 'ABCDE1234F', frontId, backId }, { headers, key: true })
  expect(sent.body.status, sent.raw).toBe(1)
  submissionId = (await t.database.db.selectFrom('real_name_submissions').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()).id
})
afterAll(() => t.close())

const auditRows = () => t.database.db.selectFrom('audit_log').select(['operator', 'action', 'user_id', 'subject', 'detail']).orderBy('id').execute()

describe('the review queues', () => {
  it('knows its kinds and nothing else', () => {
    expect(REVIEW_KINDS).toEqual(['real_name', 'withdrawal', 'recharge', 'dividend', 'loan', 'credit', 'deletion'])
    expect(isReviewKind('real_name')).toBe(true)
    expect(isReviewKind('toString')).toBe(false)
  })

  it('counts what waits, and finds it only once it has waited since the time asked', async () => {
    expect(await countPending(t.database.db, 'real_name')).toBe(1)
    expect(await countPending(t.database.db, 'withdrawal')).toBe(0)
    expect(await pendingSince(t.database.db, 'real_name', sentAt - 1)).toEqual([])
    expect(await pendingSince(t.database.db, 'real_name', sentAt)).toEqual([{ id: submissionId }])
  })

  it('decides a request once, with its audit row; nothing for a request that is not there', async () => {
    const decision = { approve: true, reason: null, operator: 'tester', now: t.clock.now() }
    expect(await decideAndAudit(t.database.db, 'real_name', { ...decision, id: submissionId + 1000 })).toBeUndefined()
    expect(await auditRows()).toEqual([])
    expect(await decideAndAudit(t.database.db, 'real_name', { ...decision, id: submissionId })).toBe(true)
    expect(await decideAndAudit(t.database.db, 'real_name', { ...decision, id: submissionId, approve: false, reason: 'late' })).toBe(false)
    expect(await auditRows()).toEqual([
      { operator: 'tester', action: 'review_approved', user_id: userId, subject: `real_name:${submissionId}`, detail: JSON.stringify({ reason: null }) },
    ])
    expect(await countPending(t.database.db, 'real_name')).toBe(0)
  })
})
