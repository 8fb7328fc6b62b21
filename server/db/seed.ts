/**
 * First-start data, written once into an empty database in one transaction (a crash half-way
 * leaves nothing, and the next start tries again). News in every profile; in the demo profile
 * also the organisation invite code and a verified demo account, margin trading on, holding a
 * demo grant.
 */
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { type ServerConfig } from '../config'
import { HOUSE_PROMOTIONS, LEDGER_REASONS, transfer, userAccount } from '../ledger/rules'
import { CURRENCY } from '../ledger/money'
import { hashPassword } from '../accounts/password-hash'
import { type Executor, type Tx } from './executor'
import { insertRealNameSubmission, insertUpload } from '../identity/repository'
import { postEntry } from '../ledger/repository'
import { setMarginTrading } from '../trade/repository'
import { countNews, insertNews } from '../news/repository'
import { countOperators, insertOperator } from '../admin/operator-repository'
import { countUsers, insertOrganisationCode, insertUser } from '../accounts/repository'
import { SEED_NEWS } from './news-seed'

/** Written in README and printed at start-up: anyone trying the demo signs in with these. */
export const DEMO_ACCOUNT = {
  account: '9000000001',
  password: 'demo1234',
  fundPassword: '123456',
  realName: 'Demo User',
  // As an approved review leaves an identity: new shares are filed under its PAN (a made-up one).
  idNumber: 'DEMO-0001',
  pan: 'DEMOU0001D',
  // ₹25,00,000 in paise: a lot (100 shares) of any NIFTY 50 stock at leverage 1, the dearest
  // (Maruti, near ₹16,000 a share in late 2025) included with room for the simulated drift.
  grant: 250_000_000,
} as const

const DAY_MS = 24 * 3600 * 1000

export type SeedResult = { seeded: boolean; demoAccount: boolean; news: number }

/** Any constant: the key of the advisory lock that lets one starting process seed at a time. */
const SEED_LOCK = 7_406_331

const NOT_SEEDED: SeedResult = { seeded: false, demoAccount: false, news: 0 }

async function isEmpty(db: Executor): Promise<boolean> {
  return (await countUsers(db)) === 0 && (await countNews(db)) === 0
}

export async function seedIfEmpty(db: Executor, config: ServerConfig, now: number): Promise<SeedResult> {
  if (!(await isEmpty(db))) return NOT_SEEDED
  const demo = config.profile === 'demo'
  // Hashing is slow: done before the transaction so it holds no connection while it runs.
  const hashes = demo
    ? { password: await hashPassword(DEMO_ACCOUNT.password), fund: await hashPassword(DEMO_ACCOUNT.fundPassword) }
    : null
  const seeded = await db.transaction().execute(async (trx) => {
    // Several API processes may start together on one empty PostgreSQL: the lock makes the
    // others wait, and the second look tells them the first has seeded (no duplicate news, no
    // start-up crash on the demo account that already exists).
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
    if (!(await isEmpty(trx))) return false
    for (const [i, translations] of SEED_NEWS.entries()) {
      await insertNews(trx, { image: null, publishedAt: now - i * DAY_MS, now, translations })
    }
    if (!hashes) return true
    await insertOrganisationCode(trx, config.demoInviteCode, 'demo organisation code', now)
    const user = await insertUser(trx, {
      account: DEMO_ACCOUNT.account,
      passwordHash: hashes.password,
      fundPasswordHash: hashes.fund,
      invitedByCode: config.demoInviteCode,
      realName: { status: 'verified', name: DEMO_ACCOUNT.realName },
      now,
    })
    if (!user) throw new Error('demo account already exists in a database that looked empty')
    await seedDemoIdentity(trx, user.id, now)
    // The demo shows leverage too; a real account turns margin trading on by passing the quiz.
    await setMarginTrading(trx, user.id, true)
    await postEntry(
      trx,
      transfer({
        reason: LEDGER_REASONS.demoGrant,
        reference: 'demo grant',
        operator: 'seed',
        from: HOUSE_PROMOTIONS,
        to: userAccount(user.id, 'available'),
        currency: CURRENCY,
        amount: DEMO_ACCOUNT.grant,
      }),
      now,
    )
    return true
  })
  return seeded ? { seeded: true, demoAccount: demo, news: SEED_NEWS.length } : NOT_SEEDED
}

// A 1x1 PNG: the demo identity's photos, so its submission has the shape of any other.
const PLACEHOLDER_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64')

/** The demo account's real-name submission, approved by 'seed', as a reviewed account has one. */
async function seedDemoIdentity(trx: Tx, userId: number, now: number): Promise<void> {
  const sha256 = createHash('sha256').update(PLACEHOLDER_PNG).digest('hex')
  const photo = (kind: 'id_front' | 'id_back') => insertUpload(trx, { userId, kind, contentType: 'image/png', bytes: PLACEHOLDER_PNG, sha256, now })
  const [front, back] = [await photo('id_front'), await photo('id_back')]
  const submission = await insertRealNameSubmission(trx, { userId, name: DEMO_ACCOUNT.realName, idNumber: DEMO_ACCOUNT.idNumber, pan: DEMO_ACCOUNT.pan, frontUploadId: front.id, backUploadId: back.id, now })
  await trx.updateTable('real_name_submissions').set({ status: 'approved', decided_by: 'seed', decided_at: now }).where('id', '=', submission.id).execute()
}

/** The demo's first operator when TIJORI_OPERATOR is not set (README.md); production has none. */
export const DEMO_OPERATOR = { username: 'operator', password: 'operator-demo' } as const

/**
 * Makes the first operator when there is none yet; later operators are made by operators in the
 * back office. False when one already existed (the setting is then ignored, not re-applied). The
 * password came from a setting (the demo's is in the README), so the operator must change it on
 * first sign-in before anything else works (issue 15, plugins/auth.ts).
 */
export async function seedFirstOperator(db: Executor, operator: { username: string; password: string }, now: number): Promise<boolean> {
  if ((await countOperators(db)) > 0) return false
  const passwordHash = await hashPassword(operator.password)
  return (await insertOperator(db, { username: operator.username, passwordHash, createdBy: null, now, mustChangePassword: true })) !== null
}
