/** New-share issues for tests (issue 10): a row inserted directly, with a real seed and its commitment. */
import { randomBytes } from 'node:crypto'
import { type Insertable, type Selectable } from 'kysely'
import { commitmentOf, digestOf, runDraw } from '../../../src/contract/draw'
import { type Executor } from '../../../server/db/executor'
import { type IpoIssuesTable } from '../../../server/db/types'
import { allotmentRuleOf } from '../../../server/ipo/rules'
import { findUserByAccount } from '../../../server/accounts/repository'
import { type TestApp } from '../helpers'
import { grant } from '../trade/accounts'

const HOUR = 60 * 60_000
const DAY = 24 * HOUR

let serial = 0

/**
 * Inserts an issue whose window is open at `at` (default: the opening an hour before, the close a
 * day after, then a day each to the draw, the refund and the listing). Overrides win; pass `seed`
 * to fix the draw, the commitment follows it.
 */
export async function createIssue(db: Executor, overrides: Partial<Insertable<IpoIssuesTable>> & { at?: number } = {}): Promise<Selectable<IpoIssuesTable>> {
  const { at = Date.now(), ...rest } = overrides
  const seed = rest.seed ?? randomBytes(32).toString('hex')
  serial += 1
  const closes = rest.closes_at ?? at + DAY
  const row: Insertable<IpoIssuesTable> = {
    symbol: `NEWCO${serial}`,
    name: `New Company ${serial}`,
    sector: 'Financials',
    industry: 'Banks',
    shares_outstanding: 10_000_000,
    free_float_bp: 2500,
    price: 10_000,
    lot_size: 10,
    min_lots: 1,
    retail_shares: 1_000,
    payment_mode: 'blocked',
    opens_at: at - HOUR,
    closes_at: closes,
    draw_at: closes + DAY,
    refund_at: closes + 2 * DAY,
    listing_at: closes + 3 * DAY,
    created_by: 'test',
    created_at: at - 2 * HOUR,
    ...rest,
    seed,
    commitment: commitmentOf(seed),
  }
  return db.insertInto('ipo_issues').values(row).returningAll().executeTakeFirstOrThrow()
}

/**
 * What an approved real-name review leaves, PAN included: an approved submission (with its two
 * pictures) and the verified status. The review itself is tested in the identity and admin tests.
 */
export async function verifyIdentity(db: Executor, userId: number, pan: string, now = Date.now()): Promise<void> {
  const picture = (kind: 'id_front' | 'id_back') =>
    db
      .insertInto('uploads')
      .values({ user_id: userId, kind, content_type: 'image/png', size: 1, sha256: `${kind}-${userId}-${pan}`, bytes: new Uint8Array([1]), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  const [front, back] = [await picture('id_front'), await picture('id_back')]
  await db
    .insertInto('real_name_submissions')
    .values({ user_id: userId, name: 'Asha Rao', id_number: '123412341234', pan, front_upload_id: front.id, back_upload_id: back.id, status: 'approved', decided_by: 'test', created_at: now, decided_at: now })
    .execute()
  await db.updateTable('users').set({ real_name_status: 'verified', real_name: 'Asha Rao' }).where('id', '=', userId).execute()
}

/**
 * Freezes and draws an issue the way the lifecycle does (until that job exists to call): the
 * digest of every application, then runDraw's ranks and first allotments, and each application's
 * status by the issue's payment mode. Returns the draw's result.
 */
export async function drawIssue(db: Executor, issueId: number, now: number) {
  const issue = await db.selectFrom('ipo_issues').selectAll().where('id', '=', issueId).executeTakeFirstOrThrow()
  const applications = await db.selectFrom('ipo_applications').select(['id', 'ref', 'lots']).where('issue_id', '=', issueId).execute()
  const digest = digestOf(applications)
  const result = runDraw({
    seed: issue.seed,
    beacon: issue.beacon,
    digest,
    applications,
    ...allotmentRuleOf(issue),
  })
  for (const r of result) {
    const won = r.lots > 0
    const status = issue.payment_mode === 'blocked' ? (won ? 'won' : 'not_won') : won ? 'pending_payment' : 'not_won'
    await db
      .updateTable('ipo_applications')
      .set({ rank: r.rank, allotted_lots: r.lots, status, pay_deadline: won && issue.payment_mode === 'pay_after_win' ? issue.refund_at : null, updated_at: now })
      .where('issue_id', '=', issueId)
      .where('ref', '=', r.ref)
      .execute()
  }
  await db.updateTable('ipo_issues').set({ frozen_at: now, digest, drawn_at: now }).where('id', '=', issueId).execute()
  return result
}

export type Applicant = { userId: number; account: string; headers: Record<string, string> }

let accountSerial = 9_700_000_000
let panSerial = 0

/**
 * A signed-in account with a verified identity and a PAN of its own (unless `pan` or
 * `verified: false` says otherwise), holding `paise` from a grant.
 */
export async function applicant(t: TestApp, paise: number, options: { pan?: string; verified?: boolean } = {}): Promise<Applicant> {
  const account = String(++accountSerial)
  await t.register(account)
  const headers = await t.login(account, 'secret123')
  const userId = (await findUserByAccount(t.database.db, account))!.id
  const pan = options.pan ?? `ABCDE${String(++panSerial % 10_000).padStart(4, '0')}F`
  if (options.verified ?? true) await verifyIdentity(t.database.db, userId, pan, t.clock.now())
  if (paise > 0) await grant(t, userId, paise)
  return { userId, account, headers }
}
