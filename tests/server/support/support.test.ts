/**
 * Customer service (issue 13) on a real PGlite: a thread is its owner's and the back office's only,
 * message bounds, pictures that must be the writer's own support uploads, an operator's reply with
 * its inbox row in the same transaction, the unread counts, the guest threads (limited per address,
 * keys guess-limited, nothing revealed about the account) and the password reset an operator
 * allows and the guest uses once, which ends every session of the account.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findUserByAccount } from '../../../server/accounts/repository'
import { decideAndAudit } from '../../../server/reviews/service'
import { type SupportAdminPage, type SupportAdminThread, type SupportAdminThreadDetail } from '../../../src/contract/admin-replies'
import { type SupportGuestCreated, type SupportMessage, type SupportThread, type SupportThreadDetail, type SupportThreads } from '../../../src/contract/replies'
import { createTestApp, operatorDesk, type OperatorDesk, type TestApp } from '../helpers'
import { PNG } from '../pictures'

type Person = { account: string; password: string; userId: number; headers: Record<string, string> }

let t: TestApp
let desk: OperatorDesk
let serial = 0

const nextAccount = () => `97${String(process.pid % 1000).padStart(3, '0')}${String(++serial).padStart(5, '0')}`

async function person(): Promise<Person> {
  const { account, password } = await t.register(nextAccount())
  const headers = await t.login(account, password)
  return { account, password, userId: (await findUserByAccount(t.database.db, account))!.id, headers }
}

const data = <T>(res: { body: { data?: unknown } }) => res.body.data as T
const as = (who: Person) => ({ headers: who.headers, key: true as const })

async function upload(who: Person, kind: string): Promise<number> {
  const res = await t.call('/user/upload', { kind, data: PNG.toString('base64') }, as(who))
  expect(res.body.status, res.raw).toBe(1)
  return data<{ id: number }>(res).id
}

async function create(who: Person, body = 'My withdrawal has not arrived', extra: object = {}): Promise<SupportThread> {
  const res = await t.call('/support/create', { topic: 'general', body, ...extra }, as(who))
  expect(res.body.status, res.raw).toBe(1)
  return data<SupportThread>(res)
}

/** A verified account whose approved identity record holds `name` and `pan`. */
async function verified(name: string, pan: string): Promise<Person> {
  const who = await person()
  const frontId = await upload(who, 'id_front')
  const backId = await upload(who, 'id_back')
  expect((await t.call('/user/realName', { name, idNumber: 'AB12345678', pan, frontId, backId }, as(who))).body.status).toBe(1)
  const submission = await t.database.db.selectFrom('real_name_submissions').select('id').where('user_id', '=', who.userId).executeTakeFirstOrThrow()
  await decideAndAudit(t.database.db, 'real_name', { id: submission.id, approve: true, reason: null, operator: 'test', now: t.clock.now() })
  return who
}

let guestIp = 0
/** A fresh address, so guest limits of one test do not spend another's. */
const address = () => `10.9.${Math.floor(++guestIp / 250)}.${guestIp % 250}`

async function guestCreate(body: object, remoteAddress: string) {
  return t.call('/support/guest/create', { topic: 'login_banned', body: 'I cannot sign in', ...body }, { remoteAddress })
}

beforeAll(async () => {
  t = await createTestApp({ config: { autoReviewSeconds: null } })
  desk = await operatorDesk(t)
})
afterAll(() => t.close())

describe('a signed-in user’s threads', () => {
  it('are the owner’s only: another user is told not found everywhere and changes nothing', async () => {
    const a = await person()
    const b = await person()
    const thread = await create(a, 'About my account')
    for (const [path, body] of [
      ['/support/thread', { id: thread.id }],
      ['/support/send', { threadId: thread.id, body: 'hijack' }],
      ['/support/read', { threadId: thread.id }],
      ['/support/close', { threadId: thread.id }],
    ] as const) {
      const res = await t.call(path, body, as(b))
      expect(res.body, `${path} ${res.raw}`).toMatchObject({ status: 0, code: 'support_thread_not_found', params: { id: thread.id } })
      expect(res.raw).not.toContain('About my account')
    }
    expect(data<SupportThreads>(await t.call('/support/threads', {}, as(b))).data).toEqual([])
    const mine = data<SupportThreadDetail>(await t.call('/support/thread', { id: thread.id }, as(a)))
    expect(mine.thread).toMatchObject({ id: thread.id, status: 'open', topic: 'general' })
    expect(mine.messages.map((m) => [m.author, m.body])).toEqual([['user', 'About my account']])
    // The back office sees it.
    const seen = data<SupportAdminThreadDetail>(await desk.admin('/support/thread', { id: thread.id }))
    expect(seen.thread).toMatchObject({ id: thread.id, userId: a.userId, account: a.account, guest: false })
  })

  it('keeps a message between 1 and 2000 characters (400 otherwise), counting characters as people do', async () => {
    const a = await person()
    for (const body of ['', '   \n ', 'x'.repeat(2001), '😀'.repeat(2001)]) {
      const res = await t.call('/support/create', { topic: 'general', body }, as(a))
      expect(res.statusCode, JSON.stringify(body.slice(0, 10))).toBe(400)
      expect(res.body).toMatchObject({ status: 0, code: 'bad_request' })
    }
    expect((await create(a, 'x'.repeat(2000))).lastMessage?.body).toHaveLength(2000)
    const emoji = await create(a, '😀'.repeat(2000))
    const long = await t.call('/support/send', { threadId: emoji.id, body: 'y'.repeat(2001) }, as(a))
    expect(long.statusCode).toBe(400)
    expect((await t.call('/support/create', { topic: 'other', body: 'x' }, as(a))).statusCode).toBe(400)
    const count = await t.database.db.selectFrom('support_threads').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', a.userId).executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(2)
  })

  it('takes up to three pictures, each the writer’s own support upload', async () => {
    const a = await person()
    const b = await person()
    const pics = [await upload(a, 'support'), await upload(a, 'support'), await upload(a, 'support'), await upload(a, 'support')]
    const receipt = await upload(a, 'receipt')
    const others = await upload(b, 'support')
    expect((await t.call('/support/create', { topic: 'complaint', body: 'x', uploadIds: pics }, as(a))).statusCode).toBe(400)
    expect((await t.call('/support/create', { topic: 'complaint', body: 'x', uploadIds: [pics[0], pics[0]] }, as(a))).statusCode).toBe(400)
    for (const id of [receipt, others, 987_654]) {
      expect((await t.call('/support/create', { topic: 'complaint', body: 'x', uploadIds: [id] }, as(a))).body).toMatchObject({ status: 0, code: 'upload_not_found', params: { id } })
    }
    const thread = await create(a, 'Screenshots attached', { topic: 'complaint', uploadIds: pics.slice(0, 3) })
    const sent = data<SupportMessage>(await t.call('/support/send', { threadId: thread.id, body: 'one more', uploadIds: [pics[3]] }, as(a)))
    expect(sent.uploadIds).toEqual([pics[3]])
    const seen = data<SupportAdminThreadDetail>(await desk.admin('/support/thread', { id: thread.id }))
    expect(seen.messages.map((m) => m.uploadIds)).toEqual([pics.slice(0, 3), [pics[3]]])
    // The back office views them like other evidence.
    const view = await desk.admin('/uploads/view', { id: pics[0] })
    expect(view.body.data).toMatchObject({ id: pics[0], userId: a.userId, kind: 'support' })
  })

  it('is created once per Idempotency-Key', async () => {
    const a = await person()
    const key = 'support-create-once'
    const first = await t.call('/support/create', { topic: 'general', body: 'once' }, { headers: a.headers, key })
    const again = await t.call('/support/create', { topic: 'general', body: 'once' }, { headers: a.headers, key })
    expect(again.raw).toBe(first.raw)
    expect(data<SupportThreads>(await t.call('/support/threads', {}, as(a))).data).toHaveLength(1)
  })

  it('an operator reply answers the thread, counts unread, and writes the inbox row; reading clears it; a closed thread takes nothing more', async () => {
    const a = await person()
    const thread = await create(a, 'Hello?')
    const other = await create(a, 'Second question')
    const before = data<SupportAdminPage>(await desk.admin('/support/list', { status: 'open', size: 100 }))
    expect(before.data.find((r) => r.id === thread.id)).toMatchObject({ operatorUnread: 1, userUnread: 0, status: 'open' })
    t.clock.advance(60_000)
    const replied = await desk.admin('/support/reply', { id: thread.id, body: 'We are looking into it.' })
    expect(replied.body.data as SupportAdminThread).toMatchObject({ status: 'answered', userUnread: 1 })
    await desk.admin('/support/reply', { id: other.id, body: 'Answered.' })
    const inbox = await t.database.db.selectFrom('inbox_messages').selectAll().where('user_id', '=', a.userId).orderBy('id').execute()
    expect(inbox.map((r) => [r.kind, JSON.parse(r.params), r.link])).toEqual([
      ['support_reply', { threadId: thread.id }, `/home/kefuCenter?thread=${thread.id}`],
      ['support_reply', { threadId: other.id }, `/home/kefuCenter?thread=${other.id}`],
    ])
    const list = data<SupportThreads>(await t.call('/support/threads', {}, as(a)))
    expect(list.unread).toBe(2)
    expect(list.data.find((r) => r.id === thread.id)).toMatchObject({ unread: 1, status: 'answered', lastMessage: { author: 'operator', body: 'We are looking into it.' } })
    const detail = data<SupportThreadDetail>(await t.call('/support/thread', { id: thread.id }, as(a)))
    expect(detail.messages.map((m) => m.author)).toEqual(['user', 'operator'])
    expect(JSON.stringify(detail)).not.toContain('root')
    expect(data<{ unread: number }>(await t.call('/support/read', { threadId: thread.id }, as(a)))).toEqual({ unread: 1 })
    // The user writes again: the thread waits for an operator again.
    const sent = await t.call('/support/send', { threadId: thread.id, body: 'Thanks' }, as(a))
    expect(sent.body.status).toBe(1)
    const seen = data<SupportAdminThreadDetail>(await desk.admin('/support/thread', { id: thread.id }))
    expect(seen.thread).toMatchObject({ status: 'open', operatorUnread: 0 })
    expect(seen.messages.map((m) => m.operator)).toEqual([null, 'root', null])
    expect(data<SupportThread>(await t.call('/support/close', { threadId: thread.id }, as(a)))).toMatchObject({ status: 'closed' })
    expect((await t.call('/support/send', { threadId: thread.id, body: 'more' }, as(a))).body).toMatchObject({ status: 0, code: 'support_thread_closed' })
    expect((await desk.admin('/support/reply', { id: thread.id, body: 'more' })).body).toMatchObject({ status: 0, code: 'support_thread_closed' })
    expect((await desk.admin('/support/reply', { id: 987_654, body: 'more' })).body).toMatchObject({ status: 0, code: 'support_thread_not_found' })
    expect((await desk.admin('/support/reply', { id: other.id, body: '' })).statusCode).toBe(400)
    const actions = (await desk.auditActions()).filter((r) => r.subject === `support:${thread.id}`).map((r) => r.action)
    expect(actions).toEqual(expect.arrayContaining(['support_replied', 'support_viewed']))
  })

  it('writes the reply and its inbox row in one transaction: when the inbox write fails, neither is kept', async () => {
    const a = await person()
    const thread = await create(a, 'Atomic?')
    await sql`alter table inbox_messages rename to inbox_messages_away`.execute(t.database.db)
    try {
      const failed = await desk.admin('/support/reply', { id: thread.id, body: 'Lost reply' })
      expect(failed.statusCode).toBe(500)
    } finally {
      await sql`alter table inbox_messages_away rename to inbox_messages`.execute(t.database.db)
    }
    const messages = await t.database.db.selectFrom('support_messages').select('body').where('thread_id', '=', thread.id).execute()
    expect(messages.map((m) => m.body)).toEqual(['Atomic?'])
    expect(data<SupportThreadDetail>(await t.call('/support/thread', { id: thread.id }, as(a))).thread).toMatchObject({ status: 'open', unread: 0 })
    expect((await desk.auditActions()).some((r) => r.subject === `support:${thread.id}` && r.action === 'support_replied')).toBe(false)
  })
})

describe('guest threads', () => {
  it('are limited per address per hour (429 with the wait), other addresses unaffected', async () => {
    const ip = address()
    const limit = t.config.support.guestPerHour
    for (let i = 0; i < limit; i++) expect((await guestCreate({ account: '9876500001' }, ip)).body.status).toBe(1)
    t.clock.advance(10 * 60_000)
    const over = await guestCreate({ account: '9876500001' }, ip)
    expect(over.statusCode).toBe(429)
    expect(over.body).toMatchObject({ code: 'too_many_attempts', params: { retryAfter: 50 * 60, limit, windowSeconds: 3600 } })
    expect(over.headers['retry-after']).toBe(String(50 * 60))
    expect((await guestCreate({ account: '9876500001' }, address())).body.status).toBe(1)
    t.clock.advance(50 * 60_000)
    expect((await guestCreate({ account: '9876500001' }, ip)).body.status).toBe(1)
  })

  it('never reveal whether the account exists or the identity matched; only the back office sees the match', async () => {
    const who = await verified('Meera Iyer', 'ABCPI1234K')
    const ip = address()
    const replies = []
    for (const body of [
      { account: who.account, topic: 'password_reset', name: ' meera  IYER ', pan: 'abcpi1234k' },
      { account: who.account, topic: 'password_reset', name: 'Meera Iyer', pan: 'ZZZZZ9999Z' },
      { account: '9000000009', topic: 'password_reset', name: 'Meera Iyer', pan: 'ABCPI1234K' },
    ]) {
      const res = await guestCreate(body, ip)
      expect(res.body.status, res.raw).toBe(1)
      expect(Object.keys(res.body.data as object).sort()).toEqual(['guestKey', 'threadId'])
      replies.push(data<SupportGuestCreated>(res))
    }
    expect(replies.map((r) => r.guestKey).every((k) => /^[A-Za-z0-9_-]{43}$/.test(k))).toBe(true)
    const seen = await Promise.all(replies.map(async (r) => data<SupportAdminThreadDetail>(await desk.admin('/support/thread', { id: r.threadId })).thread))
    expect(seen.map((s) => [s.identityMatched, s.guest, s.userId, s.account])).toEqual([
      [true, true, null, who.account],
      [false, true, null, who.account],
      [false, true, null, '9000000009'],
    ])
    // The key is stored only as its hash.
    const stored = await t.database.db.selectFrom('support_threads').select('guest_key_hash').where('id', '=', replies[0]!.threadId).executeTakeFirstOrThrow()
    expect(stored.guest_key_hash).not.toContain(replies[0]!.guestKey)
    const guestView = await t.call('/support/guest/thread', { threadId: replies[1]!.threadId, guestKey: replies[1]!.guestKey }, { remoteAddress: ip })
    expect(guestView.raw).not.toMatch(/identity|matched/i)
    // A password reset needs the name and PAN; a bad account number is refused.
    expect((await guestCreate({ account: who.account, topic: 'password_reset' }, ip)).statusCode).toBe(400)
    expect((await guestCreate({ account: '12345' }, ip)).body).toMatchObject({ status: 0, code: 'account_invalid' })
  })

  it('are read and written only with their key; wrong keys are limited per address, right ones are not counted', async () => {
    const ip = address()
    const created = data<SupportGuestCreated>(await guestCreate({ account: '9876500002', body: 'Banned by mistake' }, ip))
    const proof = { threadId: created.threadId, guestKey: created.guestKey }
    for (let i = 0; i < 10; i++) expect((await t.call('/support/guest/thread', proof, { remoteAddress: ip })).body.status).toBe(1)
    await desk.admin('/support/reply', { id: created.threadId, body: 'Please send your ID.' })
    const read = data<SupportThreadDetail>(await t.call('/support/guest/thread', proof, { remoteAddress: ip }))
    expect(read.messages.map((m) => m.body)).toEqual(['Banned by mistake', 'Please send your ID.'])
    expect((await t.call('/support/guest/send', { ...proof, body: 'Here it is' }, { remoteAddress: ip, key: true })).body.status).toBe(1)

    const thief = address()
    const limit = t.config.passwordCheckLimit
    for (let i = 0; i < limit; i++) {
      const res = await t.call('/support/guest/thread', { threadId: created.threadId, guestKey: `wrong${i}` }, { remoteAddress: thief })
      expect(res.body).toMatchObject({ status: 0, code: 'support_thread_not_found' })
      expect(res.raw).not.toContain('Banned by mistake')
    }
    const blocked = await t.call('/support/guest/thread', proof, { remoteAddress: thief })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.body).toMatchObject({ code: 'too_many_attempts', params: { limit } })
    expect((await t.call('/support/guest/send', { ...proof, body: 'x' }, { remoteAddress: thief, key: true })).statusCode).toBe(429)
    // The owner's address is not blocked; the thief's is again once the window passes.
    expect((await t.call('/support/guest/thread', proof, { remoteAddress: ip })).body.status).toBe(1)
    t.clock.advance(t.config.loginWindowSeconds * 1000)
    expect((await t.call('/support/guest/thread', proof, { remoteAddress: thief })).body.status).toBe(1)
    // A guest key does not open a signed-in user's thread.
    const a = await person()
    const mine = await create(a, 'private')
    expect((await t.call('/support/guest/thread', { threadId: mine.id, guestKey: created.guestKey }, { remoteAddress: ip })).body).toMatchObject({ code: 'support_thread_not_found' })
  })
})

describe('a password reset through a guest thread', () => {
  it('is allowed by an operator only for a matched identity, used once within the grant, and ends every session', async () => {
    const who = await verified('Ravi Kumar', 'BQRPK4321L')
    const second = await t.login(who.account, who.password)
    const ip = address()
    const reset = data<SupportGuestCreated>(await guestCreate({ account: who.account, topic: 'password_reset', body: 'Forgot my password', name: 'Ravi Kumar', pan: 'BQRPK4321L' }, ip))
    const wrong = data<SupportGuestCreated>(await guestCreate({ account: who.account, topic: 'password_reset', body: 'Forgot', name: 'Ravi Kumar', pan: 'AAAAA0000A' }, ip))
    const banned = data<SupportGuestCreated>(await guestCreate({ account: who.account, topic: 'login_banned', body: 'Banned' }, ip))
    const proof = { threadId: reset.threadId, guestKey: reset.guestKey }
    const newPassword = { password: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' }

    // Before any grant: refused.
    expect((await t.call('/support/guest/resetPassword', { ...proof, ...newPassword }, { remoteAddress: ip, key: true })).body).toMatchObject({ status: 0, code: 'support_reset_not_granted' })
    // Only a matched password-reset thread can be granted.
    for (const id of [wrong.threadId, banned.threadId]) expect((await desk.admin('/support/grantReset', { id })).body).toMatchObject({ status: 0, code: 'support_reset_not_allowed' })
    const granted = await desk.admin('/support/grantReset', { id: reset.threadId })
    expect(granted.body.data as SupportAdminThread).toMatchObject({ resetGrantedUntil: t.clock.now() + 24 * 3_600_000, identityMatched: true })
    // The guest sees the grant, and the password rules of registration hold.
    expect(data<SupportThreadDetail>(await t.call('/support/guest/thread', proof, { remoteAddress: ip })).thread.resetGrantedUntil).toBe(t.clock.now() + 24 * 3_600_000)
    expect((await t.call('/support/guest/resetPassword', { ...proof, password: 'abc', confirmPassword: 'abc' }, { remoteAddress: ip, key: true })).body).toMatchObject({ code: 'password_length' })
    expect((await t.call('/support/guest/resetPassword', { ...proof, password: 'abcdefgh', confirmPassword: 'abcdefgx' }, { remoteAddress: ip, key: true })).body).toMatchObject({ code: 'password_mismatch' })
    // A wrong key cannot use it.
    expect((await t.call('/support/guest/resetPassword', { ...proof, guestKey: wrong.guestKey, ...newPassword }, { remoteAddress: ip, key: true })).body).toMatchObject({ code: 'support_thread_not_found' })

    t.clock.advance(3_600_000)
    const done = await t.call('/support/guest/resetPassword', { ...proof, ...newPassword }, { remoteAddress: ip, key: true })
    expect(done.body.data as SupportThread, done.raw).toMatchObject({ status: 'closed', resetUsedAt: t.clock.now() })
    // Every session of the account is over: the old tokens answer 401.
    for (const headers of [who.headers, second]) expect((await t.call('/user/info', {}, { headers })).statusCode).toBe(401)
    expect((await t.call('/user/login', { account: who.account, password: who.password })).body).toMatchObject({ status: 0, code: 'login_failed' })
    await t.login(who.account, 'fresh-pass-1')
    // Once only.
    expect((await t.call('/support/guest/resetPassword', { ...proof, password: 'other-pass-2', confirmPassword: 'other-pass-2' }, { remoteAddress: ip, key: true })).body).toMatchObject({
      code: 'support_reset_not_granted',
    })
    expect((await desk.admin('/support/grantReset', { id: reset.threadId })).body).toMatchObject({ code: 'support_reset_not_allowed' })
    const auditRows = await t.database.db.selectFrom('audit_log').selectAll().where('subject', '=', `support:${reset.threadId}`).orderBy('id').execute()
    expect(auditRows.map((r) => [r.operator, r.action])).toEqual(
      expect.arrayContaining([
        ['root', 'support_reset_granted'],
        ['system', 'support_password_reset'],
      ]),
    )
    expect(auditRows.find((r) => r.action === 'support_password_reset')?.user_id).toBe(who.userId)
  })

  it('sets one password when two resets race: the other is refused', async () => {
    const who = await verified('Kiran Das', 'EFGKD2468P')
    const ip = address()
    const reset = data<SupportGuestCreated>(await guestCreate({ account: who.account, topic: 'password_reset', body: 'Forgot', name: 'Kiran Das', pan: 'EFGKD2468P' }, ip))
    expect((await desk.admin('/support/grantReset', { id: reset.threadId })).body.status).toBe(1)
    const proof = { threadId: reset.threadId, guestKey: reset.guestKey }
    const results = await Promise.all(
      ['race-pass-one', 'race-pass-two'].map((p) => t.call('/support/guest/resetPassword', { ...proof, password: p, confirmPassword: p }, { remoteAddress: ip, key: true })),
    )
    expect(results.map((r) => r.body.code ?? 'ok').sort()).toEqual(['ok', 'support_reset_not_granted'])
    const winner = results[0]!.body.status === 1 ? 'race-pass-one' : 'race-pass-two'
    await t.login(who.account, winner)
    const resets = await t.database.db.selectFrom('audit_log').select('id').where('subject', '=', `support:${reset.threadId}`).where('action', '=', 'support_password_reset').execute()
    expect(resets).toHaveLength(1)
  })

  it('answers 400 to a malformed guest request, never 500', async () => {
    const ip = address()
    for (const body of [
      { threadId: 0, guestKey: 'abc' },
      { threadId: 1, guestKey: '' },
      { threadId: 1, guestKey: 'not a key!' },
      { threadId: 1, guestKey: 'k'.repeat(65) },
      { threadId: 1 },
      { threadId: 'x', guestKey: 'abc' },
    ]) {
      expect((await t.call('/support/guest/thread', body, { remoteAddress: ip })).statusCode, JSON.stringify(body)).toBe(400)
    }
    for (const body of [{ account: '9876500003', topic: 'general', body: 'x' }, { account: '9876500003', topic: 'login_banned', body: '' }, { account: '9876500003\u0000', topic: 'login_banned', body: 'x' }]) {
      expect((await t.call('/support/guest/create', body, { remoteAddress: ip })).statusCode, JSON.stringify(body)).toBe(400)
    }
  })

  it('lapses 24 hours after the grant', async () => {
    const who = await verified('Asha Rao', 'CDERA5678M')
    const ip = address()
    const reset = data<SupportGuestCreated>(await guestCreate({ account: who.account, topic: 'password_reset', body: 'Forgot', name: 'Asha Rao', pan: 'CDERA5678M' }, ip))
    expect((await desk.admin('/support/grantReset', { id: reset.threadId })).body.status).toBe(1)
    t.clock.advance(24 * 3_600_000)
    const late = await t.call('/support/guest/resetPassword', { threadId: reset.threadId, guestKey: reset.guestKey, password: 'late-pass-1', confirmPassword: 'late-pass-1' }, { remoteAddress: ip, key: true })
    expect(late.body).toMatchObject({ status: 0, code: 'support_reset_not_granted' })
    await t.login(who.account, who.password)
  })
})

describe('the back office', () => {
  // The clock moved past the operator session of the tests above: sign in again.
  beforeAll(async () => {
    desk = await operatorDesk(t)
  })

  it('lists threads by status with what waits, audits each call, and has no route that sets a password', async () => {
    const a = await person()
    const thread = await create(a, 'List me')
    const page = data<SupportAdminPage>(await desk.admin('/support/list', { status: 'open', page: 1, size: 100 }))
    expect(page.data.every((r) => r.status === 'open')).toBe(true)
    expect(page.data.find((r) => r.id === thread.id)).toMatchObject({ account: a.account, operatorUnread: 1, lastMessage: { body: 'List me' } })
    expect(data<SupportAdminPage>(await desk.admin('/support/list', { status: 'closed' })).data.some((r) => r.id === thread.id)).toBe(false)
    expect((await desk.admin('/support/close', { id: thread.id })).body.data).toMatchObject({ status: 'closed' })
    expect((await desk.admin('/support/list', { page: 0 })).statusCode).toBe(400)
    const actions = (await desk.auditActions()).map((r) => r.action)
    expect(actions).toEqual(expect.arrayContaining(['support_listed', 'support_closed']))
    const routes = t.app.routeTable.map((r) => r.url).filter((u) => u.startsWith('/api/admin/support/'))
    expect(routes.sort()).toEqual(['/api/admin/support/close', '/api/admin/support/grantReset', '/api/admin/support/list', '/api/admin/support/reply', '/api/admin/support/thread'])
  })

  it('documents the user routes as private (so the isolation sweep tries them with another user’s ids) and only the guest routes as public', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, { post?: { security?: unknown[] } }> }
    const support = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/vue/support/'))
    const isPublic = Object.fromEntries(support.map(([path, item]) => [path.slice('/api/vue'.length), !item.post?.security?.length]))
    expect(isPublic).toEqual({
      '/support/threads': false,
      '/support/thread': false,
      '/support/create': false,
      '/support/send': false,
      '/support/read': false,
      '/support/close': false,
      '/support/guest/create': true,
      '/support/guest/thread': true,
      '/support/guest/send': true,
      '/support/guest/resetPassword': true,
    })
  })

  it('publishes the reply time, the complaint window and the guest limit', async () => {
    const config = data<{ name: string; value: string }[]>(await t.call('/common/config', {}))
    const byName = Object.fromEntries(config.map((c) => [c.name, c.value]))
    expect(byName).toMatchObject({ support_reply_hours: '24', support_complaint_days: '21', support_guest_per_hour: '5' })
  })
})
