/**
 * The back office on a real database: operators sign in with their own accounts, decide reviews
 * with the evidence, set and clear flags with a reason, and every action is in the audit log.
 * No route of it can set a balance, a price or an outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedFirstOperator } from '../../../server/db/seed'
import { balancesOf } from '../../../server/ledger/repository'
import { findUserByAccount } from '../../../server/accounts/repository'
import { ADMIN_PREFIX } from '../../../server/admin/routes'
import { createTestApp, toReply, type Reply, type TestApp } from '../helpers'
import { ADMIN_PATHS } from './admin-paths'
import { PNG } from '../pictures'
import { grant } from '../trade/accounts'

let t: TestApp
type Headers = Record<string, string>
let op: Headers

const FUND_PASSWORD = '246810'
let next = 9_720_000_000

async function admin(path: string, body: object, headers: Headers = op, remoteAddress = '127.0.0.1'): Promise<Reply> {
  return toReply(await t.app.inject({ method: 'POST', url: `${ADMIN_PREFIX}${path}`, headers, payload: body, remoteAddress }))
}

async function operatorLogin(username: string, password: string): Promise<Headers> {
  const res = await admin('/operator/login', { username, password }, {})
  expect(res.body.status, res.raw).toBe(1)
  return { 'operator-token': (res.body.data as { token: string }).token }
}

async function customer(): Promise<{ account: string; userId: number; headers: Headers }> {
  const account = String(++next)
  await t.register(account)
  const headers = await t.login(account, 'secret123')
  return { account, userId: (await findUserByAccount(t.database.db, account))!.id, headers }
}

async function submitRealName(headers: Headers): Promise<{ frontId: number; backId: number }> {
  const up = async (kind: string) => (await t.call('/user/upload', { kind, data: PNG.toString('base64') }, { headers, key: true })).body.data as { id: number }
  const frontId = (await up('id_front')).id
  const backId = (await up('id_back')).id
  const sent = await t.call('/user/realName', { name: 'Asha Rao', idNumber: 'AB12345678', pan: 'ABCDE1234F', frontId, backId }, { headers, key: true })
  expect(sent.body.status, sent.raw).toBe(1)
  return { frontId, backId }
}

type Item = { id: number; userId: number; account: string; evidence: number[]; facts: Record<string, unknown> }
const pending = async (kind: string) => ((await admin('/reviews/list', { kind, status: 'pending' })).body.data as { data: Item[] }).data
const auditOf = async (userId?: number) =>
  ((await admin('/audit/list', { page: 1, ...(userId ? { userId } : {}) })).body.data as { data: { operator: string; action: string; subject: string | null; detail: { reason?: string } }[] }).data

beforeAll(async () => {
  // The demo's reviewer is off here: every decision below is a person's.
  t = await createTestApp({ config: { autoReviewSeconds: null } })
  expect(await seedFirstOperator(t.database.db, { username: 'root', password: 'root-password' }, t.clock.now())).toBe(true)
  expect(await seedFirstOperator(t.database.db, { username: 'other', password: 'other-password' }, t.clock.now())).toBe(false)
  op = await operatorLogin('root', 'root-password')
})
afterAll(() => t.close())

describe('the first operator', () => {
  it('must change the password it was given before any other back-office route answers', async () => {
    const login = await admin('/operator/login', { username: 'root', password: 'root-password' }, {})
    expect(login.body.data).toMatchObject({ username: 'root', mustChangePassword: true })
    const second = { 'operator-token': (login.body.data as { token: string }).token }
    expect((await admin('/operator/me', {}, op)).body.data).toEqual({ username: 'root', mustChangePassword: true })
    // Every route but the change, who-am-I and sign-out, whatever the body: refused before it is read.
    const open = ['/operator/login', '/operator/password', '/operator/me', '/operator/logout'].map((path) => `${ADMIN_PREFIX}${path}`)
    for (const url of ADMIN_PATHS.filter((path) => !open.includes(path))) {
      const res = toReply(await t.app.inject({ method: 'POST', url, headers: op, payload: {} }))
      expect([url, res.statusCode, res.body.code]).toEqual([url, 403, 'password_change_required'])
    }
    // Guess-limited like any password change; the same password again is no change.
    expect((await admin('/operator/password', { oldPassword: 'not-the-password', password: 'root-password-changed' })).body.code).toBe('password_wrong')
    expect((await admin('/operator/password', { oldPassword: 'root-password', password: 'root-password' })).body.code).toBe('password_same')
    expect((await admin('/operator/password', { oldPassword: 'root-password', password: 'short' })).body.code).toBe('password_length')
    expect((await admin('/operator/password', { oldPassword: 'root-password', password: 'root-password-changed' })).body.status).toBe(1)

    expect((await admin('/operator/me', {}, op)).body.data).toEqual({ username: 'root', mustChangePassword: false })
    expect((await admin('/reviews/kinds', {}, op)).body.status).toBe(1)
    // Whoever else signed in with the given password is out.
    expect((await admin('/operator/me', {}, second)).statusCode).toBe(401)
    expect((await admin('/operator/login', { username: 'root', password: 'root-password' }, {})).body.code).toBe('login_failed')
    expect((await admin('/operator/login', { username: 'root', password: 'root-password-changed' }, {})).body.data).toMatchObject({ mustChangePassword: false })
    const changed = (await auditOf()).find((a) => a.action === 'password_changed')
    expect(changed).toMatchObject({ operator: 'root', detail: { required: true } })
  })

  it('does not ask a colleague the first operator added to change theirs', async () => {
    expect((await admin('/operator/create', { username: 'anil', password: 'anil-password' })).body.status).toBe(1)
    const login = await admin('/operator/login', { username: 'anil', password: 'anil-password' }, {})
    expect(login.body.data).toMatchObject({ mustChangePassword: false })
    expect((await admin('/reviews/kinds', {}, { 'operator-token': (login.body.data as { token: string }).token })).body.status).toBe(1)
  })
})

describe('operator accounts', () => {
  it('refuses a wrong password, and keeps users and operators out of each other\'s routes', async () => {
    expect((await admin('/operator/login', { username: 'root', password: 'wrong-password' }, {})).body.code).toBe('login_failed')
    expect((await admin('/operator/login', { username: 'nobody', password: 'root-password' }, {})).body.code).toBe('login_failed')
    const user = await customer()
    expect((await admin('/reviews/kinds', {}, user.headers)).statusCode).toBe(401)
    expect((await admin('/reviews/kinds', {}, { 'operator-token': user.headers.token! })).statusCode).toBe(401)
    expect((await t.call('/user/info', {}, { headers: { token: op['operator-token']!, account: 'root' } })).statusCode).toBe(401)
  })

  it('limits guesses like a user sign-in: refused from the guessing address, slowed but open from another', async () => {
    for (let i = 0; i < 5; i++) await admin('/operator/login', { username: 'root', password: 'guess' }, {}, '10.9.0.1')
    const blocked = await admin('/operator/login', { username: 'root', password: 'root-password-changed' }, {}, '10.9.0.1')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.body.params).toMatchObject({ rule: 'account_address', limit: 5, windowSeconds: 900 })
    t.sleeps.length = 0
    expect((await admin('/operator/login', { username: 'root', password: 'root-password-changed' }, {}, '10.9.0.2')).body.status).toBe(1)
    // Six failures on the account (one in the test before): a second, doubled.
    expect(t.sleeps).toEqual([2000])
    t.clock.advance(900 * 1000)
  })

  it('lets an operator give a colleague their own account, and ends a session on sign-out', async () => {
    expect((await admin('/operator/create', { username: 'Bad Name', password: 'long-enough-1' })).body.code).toBe('operator_name_invalid')
    expect((await admin('/operator/create', { username: 'priya', password: 'short' })).body).toMatchObject({ code: 'password_length', params: { min: 10 } })
    expect((await admin('/operator/create', { username: 'priya', password: 'priya-password' })).body.status).toBe(1)
    expect((await admin('/operator/create', { username: 'priya', password: 'priya-password' })).body.code).toBe('operator_exists')
    const priya = await operatorLogin('priya', 'priya-password')
    expect((await admin('/operator/me', {}, priya)).body.data).toEqual({ username: 'priya', mustChangePassword: false })
    expect((await admin('/operator/logout', {}, priya)).body.status).toBe(1)
    expect((await admin('/operator/me', {}, priya)).statusCode).toBe(401)
    const log = await auditOf()
    expect(log.slice(0, 3).map((a) => [a.operator, a.action])).toEqual([
      ['priya', 'signed_out'],
      ['priya', 'signed_in'],
      ['root', 'operator_created'],
    ])
  })
})

describe('an operator\'s own password', () => {
  it('stops answering guesses after 5 wrong ones and ends the guessing session, not the others nor sign-in', async () => {
    expect((await admin('/operator/create', { username: 'meera', password: 'meera-password' })).body.status).toBe(1)
    const guesser = await operatorLogin('meera', 'meera-password')
    const desk = await operatorLogin('meera', 'meera-password')
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000)
      expect((await admin('/operator/password', { oldPassword: `guess-${i}-wrong`, password: 'meera-new-password' }, guesser)).body.code).toBe('password_wrong')
    }
    // The fifth wrong one ended the session that made it; the operator's other session lives.
    expect((await admin('/operator/me', {}, guesser)).statusCode).toBe(401)
    expect((await admin('/operator/me', {}, desk)).body.status).toBe(1)
    // The right password is refused too until the first guess leaves the window (4 s ago).
    const refused = await admin('/operator/password', { oldPassword: 'meera-password', password: 'meera-new-password' }, desk)
    expect(refused.statusCode).toBe(429)
    expect(refused.body).toMatchObject({ code: 'too_many_attempts', params: { retryAfter: 896, rule: 'password', limit: 5, windowSeconds: 900 } })
    expect((await admin('/operator/me', {}, desk)).body.status).toBe(1)
    // Signing in is another key: not blocked.
    await operatorLogin('meera', 'meera-password')
    t.clock.advance(896 * 1000)
    expect((await admin('/operator/password', { oldPassword: 'meera-password', password: 'meera-new-password' }, desk)).body.status).toBe(1)
  })

  it('changes only with the current one, and ends the operator\'s other sessions', async () => {
    expect((await admin('/operator/create', { username: 'ravi', password: 'ravi-password' })).body.status).toBe(1)
    const desk = await operatorLogin('ravi', 'ravi-password')
    const laptop = await operatorLogin('ravi', 'ravi-password')
    expect((await admin('/operator/password', { oldPassword: 'not-it-at-all', password: 'ravi-new-password' }, desk)).body.code).toBe('password_wrong')
    expect((await admin('/operator/password', { oldPassword: 'ravi-password', password: 'short' }, desk)).body.code).toBe('password_length')
    expect((await admin('/operator/password', { oldPassword: 'ravi-password', password: 'ravi-new-password' }, desk)).body.status).toBe(1)
    expect((await admin('/operator/me', {}, desk)).body.status).toBe(1)
    expect((await admin('/operator/me', {}, laptop)).statusCode).toBe(401)
    expect((await admin('/operator/login', { username: 'ravi', password: 'ravi-password' }, {})).body.code).toBe('login_failed')
    await operatorLogin('ravi', 'ravi-new-password')
    expect((await auditOf()).some((a) => a.operator === 'ravi' && a.action === 'password_changed')).toBe(true)
  })
})

describe('reviews', () => {
  it('shows a real-name submission with its photos; a rejection needs a reason, which the user sees', async () => {
    const user = await customer()
    const { frontId, backId } = await submitRealName(user.headers)
    const item = (await pending('real_name')).find((i) => i.userId === user.userId)!
    expect(item).toMatchObject({ account: user.account, evidence: [frontId, backId], facts: { name: 'Asha Rao', pan: 'ABCDE1234F' } })
    const photo = await admin('/uploads/view', { id: frontId })
    // The picture as stored (re-encoded), the very bytes its owner gets back.
    const own = await t.call('/user/uploadData', { id: frontId }, { headers: user.headers })
    expect(photo.body.data).toMatchObject({ contentType: 'image/png', base64: (own.body.data as { data: string }).data })

    expect((await admin('/reviews/decide', { kind: 'real_name', id: item.id, approve: false, reason: '  ' })).body.code).toBe('reason_required')
    expect((await admin('/reviews/decide', { kind: 'real_name', id: item.id, approve: false, reason: 'The photo is blurred.' })).body.status).toBe(1)
    const info = await t.call('/user/realNameInfo', {}, { headers: user.headers })
    expect(info.body.data).toMatchObject({ status: 'failed' })
    expect(JSON.stringify(info.body.data)).toContain('The photo is blurred.')
    expect((await auditOf(user.userId)).map((a) => [a.action, a.subject])).toEqual([
      ['review_rejected', `real_name:${item.id}`],
      ['evidence_viewed', `upload:${frontId}`],
    ])
  })

  it('pays a withdrawal exactly once, however many times it is approved', async () => {
    const user = await customer()
    await t.database.db.updateTable('users').set({ real_name_status: 'verified', real_name: 'Asha Rao' }).where('id', '=', user.userId).execute()
    await t.call('/user/fundPass', { password: 'secret123', fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD }, { headers: user.headers, key: true })
    const card = await t.call('/user/addBankCard', { holder: 'Asha Rao', accountNumber: '123456789012', ifsc: 'SBIN0001234', bank: 'SBI', branch: 'Fort' }, { headers: user.headers, key: true })
    await grant(t, user.userId, 1_000_000)
    const asked = await t.call('/user/withdraw', { amount: 300_000, cardId: (card.body.data as { id: number }).id, fundPassword: FUND_PASSWORD }, { headers: user.headers, key: true })
    const id = (asked.body.data as { id: number }).id
    expect((await pending('withdrawal')).find((i) => i.id === id)?.facts).toMatchObject({ amountPaise: 300_000, accountNumber: '123456789012', ifsc: 'SBIN0001234' })

    const decisions = await Promise.all([1, 2, 3].map(() => admin('/reviews/decide', { kind: 'withdrawal', id, approve: true })))
    expect(decisions.map((d) => d.body.status).sort()).toEqual([0, 0, 1])
    expect(decisions.filter((d) => d.body.status === 0).every((d) => d.body.code === 'review_already_decided')).toBe(true)
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ available: 700_000, frozen: 0 })
    expect((await auditOf(user.userId)).filter((a) => a.action === 'review_approved')).toHaveLength(1)
    expect((await admin('/reviews/decide', { kind: 'withdrawal', id: 999_999, approve: true })).statusCode).toBe(404)
    expect((await admin('/reviews/decide', { kind: 'balance', id, approve: true })).statusCode).toBe(404)
  })
})

describe('users and flags', () => {
  it('finds a user and shows their money and identity', async () => {
    const user = await customer()
    await grant(t, user.userId, 250_000)
    const found = await admin('/users/search', { query: user.account.slice(0, 8) })
    expect((found.body.data as { data: { id: number }[] }).data.map((u) => u.id)).toContain(user.userId)
    const detail = (await admin('/users/detail', { userId: user.userId })).body.data as { account: string; balances: { currency: string; available: number }[]; ledger: unknown[] }
    expect(detail.account).toBe(user.account)
    expect(detail.balances.find((b) => b.currency === 'INR')?.available).toBe(250_000)
    expect(detail.ledger).toHaveLength(1)
  })

  it('sets a flag with a reason the user sees, ends their sessions, and clears it again', async () => {
    const user = await customer()
    expect((await admin('/users/flag', { userId: user.userId, flag: 'frozen', on: true })).body.code).toBe('reason_required')
    expect((await admin('/users/flag', { userId: user.userId, flag: 'frozen', on: true, reason: 'Documents requested' })).body.status).toBe(1)
    expect((await t.call('/user/info', {}, { headers: user.headers })).statusCode).toBe(401)
    expect((await t.call('/user/login', { account: user.account, password: 'secret123' })).body).toMatchObject({ code: 'account_frozen', params: { reason: 'Documents requested' } })
    expect((await admin('/users/flag', { userId: user.userId, flag: 'frozen', on: false, reason: 'Documents received' })).body.status).toBe(1)
    expect((await t.call('/user/login', { account: user.account, password: 'secret123' })).body.status).toBe(1)
    expect((await auditOf(user.userId)).map((a) => [a.action, a.subject, a.detail.reason])).toEqual([
      ['flag_cleared', 'flag:frozen', 'Documents received'],
      ['flag_set', 'flag:frozen', 'Documents requested'],
    ])
  })

  it('logs every action it takes, and only those', async () => {
    const before = ((await admin('/audit/list', { page: 1 })).body.data as { total: number }).total
    const user = await customer()
    await admin('/users/detail', { userId: user.userId })
    await admin('/users/flag', { userId: user.userId, flag: 'no_trade', on: true, reason: 'Quiz pending' })
    await admin('/reviews/kinds', {})
    const after = ((await admin('/audit/list', { page: 1 })).body.data as { total: number }).total
    // Reading a queue or the log is not an action on anyone; viewing a user and flagging them are.
    expect(after - before).toBe(2)
  })
})

describe('what the back office cannot do', () => {
  it('has no route that sets a balance, a price or an outcome', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths).filter((path) => path.startsWith(ADMIN_PREFIX)).sort()).toEqual([...ADMIN_PATHS].sort())
  })

})
