/**
 * /user/export's queries: every row about one user, and only that user's. Each section is a
 * list of rows with camelCase keys; no secret leaves (password and fund password hashes, session
 * tokens, the TOTP secret, recovery-code hashes, pictures' bytes: their ids, kinds, sizes and
 * dates only).
 */
import { sql } from 'kysely'
import { type Executor } from '../db/executor'
import { userAccount } from '../ledger/rules'

type Row = Record<string, unknown>

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

function camelRows(rows: readonly object[]): Row[] {
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), v])))
}

export async function exportSections(db: Executor, userId: number, account: string): Promise<Record<string, Row[]>> {
  const accounts = [userAccount(userId, 'available'), userAccount(userId, 'frozen')]
  // Tables with a user_id and nothing secret: every row of the user (by its first column, the id where it has one).
  const byUser = async (table: string) => (await sql<Row>`select * from ${sql.table(table)} where user_id = ${userId} order by 1`.execute(db)).rows

  const [
    profile,
    inviteCode,
    flags,
    uploads,
    usdtAddresses,
    ledger,
    loans,
    loanRepayments,
    loanAccruals,
    vipLevel,
    watchlist,
    inbox,
    sessions,
    failedSignIns,
    totp,
    audit,
  ] = await Promise.all([
    db
      .selectFrom('users')
      .select([
        'id',
        'account',
        'invited_by_code',
        'real_name_status',
        'real_name',
        'real_name_reason',
        'margin_trading',
        'created_at',
        'closed_at',
        'keep_financial_until',
        'keep_investment_until',
        'fund_password_hash',
      ])
      .where('id', '=', userId)
      .execute(),
    db.selectFrom('invite_codes').select(['code', 'created_at']).where('owner_user_id', '=', userId).execute(),
    db.selectFrom('account_flags').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('uploads').select(['id', 'kind', 'content_type', 'size', 'sha256', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('usdt_addresses').selectAll().where('user_id', '=', userId).execute(),
    db
      .selectFrom('ledger_legs as l')
      .innerJoin('ledger_entries as e', 'e.id', 'l.entry_id')
      .select(['e.id as entry_id', 'e.reason', 'e.reference', 'e.operator', 'e.created_at', 'l.account', 'l.currency', 'l.amount'])
      .where('l.account', 'in', accounts)
      .orderBy('e.id')
      .orderBy('l.id')
      .execute(),
    db.selectFrom('loans').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('loan_repayments as r').innerJoin('loans as l', 'l.id', 'r.loan_id').selectAll('r').where('l.user_id', '=', userId).execute(),
    db.selectFrom('loan_accruals as a').innerJoin('loans as l', 'l.id', 'a.loan_id').selectAll('a').where('l.user_id', '=', userId).execute(),
    db.selectFrom('vip_levels').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('watchlist').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('inbox_messages').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    // When and from where: never the token.
    db.selectFrom('sessions').select(['id', 'client_ip', 'created_at', 'expires_at', 'revoked_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('login_failures').select(['client_ip', 'at']).where('account', '=', `user:${account}`).orderBy('at').execute(),
    db.selectFrom('totp').select(['created_at', 'enabled_at']).where('user_id', '=', userId).execute(),
    db.selectFrom('audit_log').select(['id', 'operator', 'action', 'subject', 'detail', 'at']).where('user_id', '=', userId).orderBy('id').execute(),
  ])

  const [
    realName,
    bankCards,
    withdrawals,
    recharges,
    exchanges,
    orders,
    ipoApplications,
    blockApplications,
    followInvestments,
    vipChanges,
    dividendEntitlements,
    dividendApplications,
    creditRequests,
    signIns,
    deletionRequests,
  ] = await Promise.all([
    byUser('real_name_submissions'),
    byUser('bank_cards'),
    byUser('withdrawals'),
    byUser('recharges'),
    byUser('exchanges'),
    byUser('orders'),
    byUser('ipo_applications'),
    byUser('block_applications'),
    byUser('follow_investments'),
    byUser('vip_changes'),
    byUser('dividend_entitlements'),
    byUser('dividend_applications'),
    byUser('credit_requests'),
    byUser('sign_ins'),
    byUser('deletion_requests'),
  ])

  // Support: the user's own threads, not guest threads (a guest typed an account number; that
  // does not make the thread this user's). The guest key's hash never leaves.
  const [supportThreads, supportMessages, quizStudies, quizAttempts] = await Promise.all([
    sql<Row>`select * from support_threads where user_id = ${userId} order by id`.execute(db).then((r) => camelRows(r.rows.map(({ guest_key_hash: _, ...row }) => row))),
    sql<Row>`select m.* from support_messages m join support_threads t on t.id = m.thread_id where t.user_id = ${userId} order by m.id`.execute(db).then((r) => camelRows(r.rows)),
    byUser('quiz_studies').then(camelRows),
    byUser('quiz_attempts').then(camelRows),
  ])

  const [me] = profile
  return {
    profile: me
      ? camelRows([
          {
            ...Object.fromEntries(Object.entries(me).filter(([k]) => k !== 'fund_password_hash')),
            fund_password_set: me.fund_password_hash !== null,
            invite_code: inviteCode[0]?.code ?? null,
            two_step_sign_in: totp[0]?.enabled_at != null,
          },
        ])
      : [],
    flags: camelRows(flags),
    realName: camelRows(realName),
    uploads: camelRows(uploads),
    bankCards: camelRows(bankCards),
    usdtAddresses: camelRows(usdtAddresses),
    ledger: camelRows(ledger),
    withdrawals: camelRows(withdrawals),
    recharges: camelRows(recharges),
    exchanges: camelRows(exchanges),
    orders: camelRows(orders),
    ipoApplications: camelRows(ipoApplications),
    blockApplications: camelRows(blockApplications),
    followInvestments: camelRows(followInvestments),
    loans: camelRows(loans),
    loanRepayments: camelRows(loanRepayments),
    loanAccruals: camelRows(loanAccruals),
    creditRequests: camelRows(creditRequests),
    vipLevel: camelRows(vipLevel),
    vipChanges: camelRows(vipChanges),
    dividendEntitlements: camelRows(dividendEntitlements),
    dividendApplications: camelRows(dividendApplications),
    watchlist: camelRows(watchlist),
    supportThreads,
    supportMessages,
    inbox: camelRows(inbox),
    quizStudies,
    quizAttempts,
    signIns: camelRows(signIns),
    sessions: camelRows(sessions),
    failedSignIns: camelRows(failedSignIns),
    twoStepSignIn: camelRows(totp),
    deletionRequests: camelRows(deletionRequests),
    audit: camelRows(audit),
  }
}
