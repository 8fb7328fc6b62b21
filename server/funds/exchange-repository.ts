/**
 * Currency exchange (issue 4): the user's wallets are their ledger pockets per currency (the
 * `ledger_balances` rows a trigger keeps equal to the sums of their legs, migration
 * 1763900002000), and each exchange is an `exchanges` row (the quote applied) plus its one ledger
 * entry, which exchange-service.ts posts with it. Every read is scoped by the user's id.
 */
import { sql } from 'kysely'
import { CURRENCIES, type Currency, type ExchangeQuote } from './exchange-rules'
import { type Balances, balancesFrom, userAccount } from '../ledger/rules'
import { type Executor, type Tx } from '../db/executor'
import { lockUsers } from '../accounts/repository'

export type Wallet = Balances & { currency: Currency }

/** Every wallet currency in CURRENCIES order, zero where the user has never held it. */
export async function walletsOf(db: Executor, userId: number): Promise<Wallet[]> {
  const available = userAccount(userId, 'available')
  const frozen = userAccount(userId, 'frozen')
  const { rows } = await sql<{ account: string; currency: string; amount: number }>`
    select account, currency, amount from ledger_balances where account in (${available}, ${frozen})`.execute(db)
  const of = (account: string, currency: string) => rows.find((r) => r.account === account && r.currency === currency)?.amount ?? 0
  return CURRENCIES.map((currency) => ({ currency, ...balancesFrom(of(available, currency), of(frozen, currency)) }))
}

/**
 * Takes the user's lock, then reads the wallet: in two statements, as lockTraders explains, so a
 * read that waited for the lock sees the exchange it waited for and two cannot spend one balance.
 */
export async function lockWallet(trx: Tx, userId: number, currency: Currency): Promise<Balances> {
  await lockUsers(trx, [userId])
  const { rows } = await sql<{ account: string; amount: number }>`
    select account, amount from ledger_balances
    where account in (${userAccount(userId, 'available')}, ${userAccount(userId, 'frozen')}) and currency = ${currency}`.execute(trx)
  const of = (pocket: 'available' | 'frozen') => rows.find((r) => r.account === userAccount(userId, pocket))?.amount ?? 0
  return balancesFrom(of('available'), of('frozen'))
}

export type ExchangeRecord = {
  id: number
  from: Currency
  to: Currency
  amountIn: number
  amountOut: number
  midFrom: number
  midTo: number
  spreadPerLakh: number
  createdAt: number
}

/** Records the exchange; the caller holds the user's lock (lockWallet) and posts its entry. */
export async function insertExchange(
  trx: Tx,
  e: { userId: number; quote: ExchangeQuote; midFrom: number; midTo: number; spreadPerLakh: number; now: number },
): Promise<ExchangeRecord> {
  const row = await trx
    .insertInto('exchanges')
    .values({
      user_id: e.userId,
      from_currency: e.quote.from,
      to_currency: e.quote.to,
      amount_in: e.quote.amountIn,
      amount_out: e.quote.amountOut,
      mid_from: e.midFrom,
      mid_to: e.midTo,
      spread_per_lakh: e.spreadPerLakh,
      created_at: e.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return {
    id: row.id,
    from: e.quote.from,
    to: e.quote.to,
    amountIn: e.quote.amountIn,
    amountOut: e.quote.amountOut,
    midFrom: e.midFrom,
    midTo: e.midTo,
    spreadPerLakh: e.spreadPerLakh,
    createdAt: e.now,
  }
}
