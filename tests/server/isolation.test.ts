/**
 * User A can never read or change user B's records (issue 4). Every private route the API
 * documents is called with A's session and, in each of its id fields, each of B's ids: no reply
 * carries anything of B's, nothing answers 500, and afterwards every row of B's in every table
 * with a user_id column (and B's balances) is exactly as before. A new route or table is covered
 * without touching this file.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userAccount } from '../../server/ledger/rules'
import { findUserByAccount } from '../../server/accounts/repository'
import { decideAndAudit } from '../../server/reviews/service'
import { replyAsOperator } from '../../server/support/service'
import { createTestApp, type TestApp } from './helpers'
import { PNG, png } from './pictures'
import { grant } from './trade/accounts'
import { QUIZ_ITEMS } from '../../src/lib/quiz'

type Json = Record<string, unknown>
type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; anyOf?: Schema[]; enum?: unknown[]; minimum?: number; maxLength?: number }
type Person = { account: string; userId: number; headers: Record<string, string> }

const FUND_PASSWORD = '246810'
const B_SECRETS = { name: 'Bina Sharma', pan: 'BCDEF2345G', idNumber: 'ZX98765432', cardNumber: '987654321012' }
const B_WALLET = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
// B's pictures are a picture of their own; a leaked one shows up as the base64 of its stored bytes.
const B_PICTURE = png(0xb0b0b0, 3, 3)
let bStored = ''

let t: TestApp
let a: Person
let b: Person
const bIds = new Set<number>()

async function person(account: string): Promise<Person> {
  await t.register(account)
  const headers = await t.login(account, 'secret123')
  return { account, userId: (await findUserByAccount(t.database.db, account))!.id, headers }
}

async function ok(path: string, body: Json, who: Person): Promise<Json> {
  const res = await t.call(path, body, { headers: who.headers, key: true })
  expect(res.body.status, `${path} ${res.raw}`).toBe(1)
  return res.body.data as Json
}

/** Everything `who` can have: identity with photos, a card, a deposit, an exchange, a wallet address, orders, a position, a watchlist entry, a withdrawal, a loan, a credit request, a support thread, an open quiz attempt. */
async function furnish(who: Person, name: string, secrets: { pan: string; idNumber: string; cardNumber: string }, picture: Buffer, wallet: string): Promise<number[]> {
  const ids: number[] = []
  const upload = async (kind: string) => (await ok('/user/upload', { kind, data: picture.toString('base64') }, who)).id as number
  const frontId = await upload('id_front')
  const backId = await upload('id_back')
  const receiptId = await upload('receipt')
  const qrId = await upload('payment_qr')
  ids.push(frontId, backId, receiptId, qrId)
  await ok('/user/realName', { name, idNumber: secrets.idNumber, pan: secrets.pan, frontId, backId }, who)
  const submission = await t.database.db.selectFrom('real_name_submissions').select('id').where('user_id', '=', who.userId).executeTakeFirstOrThrow()
  ids.push(submission.id)
  await decideAndAudit(t.database.db, 'real_name', { id: submission.id, approve: true, reason: null, operator: 'test', now: t.clock.now() })
  await ok('/user/fundPass', { password: 'secret123', fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD }, who)
  const card = await ok('/user/addBankCard', { holder: name, accountNumber: secrets.cardNumber, ifsc: 'SBIN0001234', bank: 'SBI', branch: 'Fort' }, who)
  ids.push(card.id as number)
  await grant(t, who.userId, 50_000_000)
  const recharge = await ok('/user/recharge', { channel: 'upi', amount: 600_000, receiptUploadId: receiptId }, who)
  ids.push(recharge.id as number)
  await decideAndAudit(t.database.db, 'recharge', { id: recharge.id as number, approve: true, reason: null, operator: 'test', now: t.clock.now() })
  await ok('/user/exchange', { from: 'INR', to: 'USD', amount: 1_000_000 }, who)
  await ok('/user/setUsdtAddress', { network: 'TRC20', address: wallet, qrUploadId: qrId }, who)
  const { band } = (await ok('/stock/detail', { symbol: 'RELIANCE' }, who)) as { band: { min: number } }
  const held = await ok('/order/create', { symbol: 'RELIANCE', type: 'market', direction: 'long', lots: 1, leverage: 1 }, who)
  const resting = await ok('/order/create', { symbol: 'RELIANCE', type: 'limit', direction: 'long', lots: 1, leverage: 1, price: band.min }, who)
  ids.push(held.id as number, resting.id as number)
  await ok('/user/addOptional', { symbol: 'TCS' }, who)
  const withdrawal = await ok('/user/withdraw', { amount: 100_000, cardId: card.id, fundPassword: FUND_PASSWORD }, who)
  ids.push(withdrawal.id as number)
  // A loan paid out and owing, with its interest days, and a request for more credit waiting.
  const loan = await ok('/loan/apply', { amount: 1_000_000 }, who)
  ids.push(loan.id as number)
  await decideAndAudit(t.database.db, 'loan', { id: loan.id as number, approve: true, reason: null, operator: 'test', now: t.clock.now() })
  const credit = await ok('/loan/credit', { amount: 1_000_000 }, who)
  ids.push(credit.id as number)
  // A quiz attempt drawn and not yet handed in, every item studied (issue 13).
  for (const itemId of QUIZ_ITEMS) await ok('/quiz/open', { itemId }, who)
  t.clock.advance(t.config.quiz.minStudySeconds * 1000)
  for (const itemId of QUIZ_ITEMS) await ok('/quiz/studied', { itemId }, who)
  const quiz = await ok('/quiz/start', {}, who)
  ids.push(quiz.attemptId as number)
  // A customer-service thread with a picture, answered by an operator (issue 13).
  const supportPicture = await upload('support')
  const thread = await ok('/support/create', { topic: 'complaint', body: `${name} writes`, uploadIds: [supportPicture] }, who)
  ids.push(supportPicture, thread.id as number)
  await replyAsOperator({ db: t.database.db, config: t.config, now: t.clock.now }, { id: thread.id as number, body: `Dear ${name}`, operator: 'test', now: t.clock.now() })
  return ids
}

/** Every row of `userId` in every table that has a user_id column, and the user's balances. */
async function snapshot(userId: number): Promise<Json> {
  const { rows: tables } = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where column_name = 'user_id' and table_schema = current_schema() order by table_name`.execute(t.database.db)
  const out: Json = {}
  for (const { table_name } of tables) {
    const { rows } = await sql<Json>`select * from ${sql.table(table_name)} where user_id = ${userId} order by 1`.execute(t.database.db)
    // Uploads' bytes as a digest is enough to see a change.
    out[table_name] = rows.map((r) => ({ ...r, bytes: r.bytes ? Buffer.from(r.bytes as Uint8Array).toString('base64').length : undefined }))
  }
  const { rows: balances } = await sql<Json>`
    select account, currency, amount from ledger_balances
    where account in (${userAccount(userId, 'available')}, ${userAccount(userId, 'frozen')}) order by account, currency`.execute(t.database.db)
  out.balances = balances
  out.user = await t.database.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
  return out
}

/** One value for a property: B's id for an id field, A's own passwords, the first allowed value otherwise. */
function valueFor(name: string, schema: Schema, id: number): unknown {
  const variant = schema.anyOf?.[0] ?? schema
  if (variant.enum) return variant.enum[0]
  switch (variant.type) {
    case 'integer':
    case 'number':
      return /id$/i.test(name) ? id : Math.max(variant.minimum ?? 1, 1)
    case 'boolean':
      return true
    case 'string':
      if (/fundpass/i.test(name)) return FUND_PASSWORD
      if (/password/i.test(name)) return 'secret123'
      return name === 'symbol' ? 'RELIANCE' : 'x'
    case 'array':
      return []
    default:
      return {}
  }
}

function bodyFor(schema: Schema | undefined, id: number): Json {
  const body: Json = {}
  for (const [name, prop] of Object.entries(schema?.properties ?? {})) body[name] = valueFor(name, prop, id)
  return body
}

const idFields = (schema: Schema | undefined) => Object.entries(schema?.properties ?? {}).filter(([name, p]) => /id$/i.test(name) && (p.anyOf?.[0] ?? p).type === 'integer')

beforeAll(async () => {
  t = await createTestApp({ config: { autoReviewSeconds: null } })
  a = await person('9810000001')
  b = await person('9810000002')
  await furnish(a, 'Arun Mehta', { pan: 'ABCDE1234F', idNumber: 'AB12345678', cardNumber: '123456789012' }, PNG, 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')
  for (const id of await furnish(b, B_SECRETS.name, B_SECRETS, B_PICTURE, B_WALLET)) bIds.add(id)
  // What the server stores is the picture re-encoded, not the bytes sent.
  const stored = await t.database.db.selectFrom('uploads').select('bytes').where('user_id', '=', b.userId).executeTakeFirstOrThrow()
  bStored = Buffer.from(stored.bytes).toString('base64')
})
afterAll(() => t.close())

describe("one user and another's records", () => {
  it('gives A nothing of B and changes nothing of B, on every private route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { post?: { security?: unknown[]; requestBody?: { content: Record<string, { schema: Schema }> } } }>
    }
    const routes = Object.entries(doc.paths)
      .filter(([path, item]) => path.startsWith('/api/vue/') && item.post?.security?.length)
      .map(([path, item]) => ({ path: path.slice('/api/vue'.length), schema: item.post!.requestBody?.content['application/json']?.schema }))
      // Signing out would end A's session half-way through the sweep; it is tested on its own.
      .filter((r) => r.path !== '/user/logout')
    expect(routes.length).toBeGreaterThan(20)

    const before = await snapshot(b.userId)
    let calls = 0
    let withIds = 0
    for (const route of routes) {
      const ids = idFields(route.schema).length > 0 ? [...bIds] : [0]
      if (ids[0] !== 0) withIds++
      for (const id of ids) {
        const body = bodyFor(route.schema, id)
        // inject, not t.call: some routes answer with a file (CSV), not the JSON envelope.
        const res = await t.app.inject({ method: 'POST', url: `/api/vue${route.path}`, headers: { ...a.headers, 'idempotency-key': randomUUID() }, payload: body })
        const raw = res.body
        calls++
        expect(res.statusCode, `${route.path} ${JSON.stringify(body)} -> ${raw.slice(0, 300)}`).toBeLessThan(500)
        for (const secret of [b.account, ...Object.values(B_SECRETS), B_WALLET, bStored]) {
          expect(raw.includes(secret), `${route.path} with id ${id} showed B's ${secret}`).toBe(false)
        }
      }
    }
    expect(await snapshot(b.userId)).toEqual(before)
    // The sweep really used B's ids on the routes that take ids (orders, uploads, cards, ...).
    expect(withIds).toBeGreaterThanOrEqual(4)
    expect(calls).toBeGreaterThan(routes.length)
  })
})
