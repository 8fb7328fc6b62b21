/** Funded, signed-in test accounts (no vitest imports: the orders bench uses them too). */
import { HOUSE_PROMOTIONS, LEDGER_REASONS, transfer, userAccount } from '../../../server/ledger/rules'
import { postEntry } from '../../../server/ledger/repository'
import { setMarginTrading } from '../../../server/trade/repository'
import { findUserByAccount } from '../../../server/accounts/repository'
import { type TestApp } from '../helpers'

export type Trader = { account: string; userId: number; headers: Record<string, string> }

/** A registered, signed-in account with a verified identity, funded through the ledger, margin trading on unless told. */
export async function trader(t: TestApp, account: string, paise: number, options: { marginTrading?: boolean } = {}): Promise<Trader> {
  await t.register(account)
  const headers = await t.login(account, 'secret123')
  const userId = (await findUserByAccount(t.database.db, account))!.id
  // What an approved real-name review leaves: trading needs it (the review is tested in identity and admin tests).
  await t.database.db.updateTable('users').set({ real_name_status: 'verified', real_name: 'Test Trader' }).where('id', '=', userId).execute()
  if (paise > 0) await grant(t, userId, paise)
  if (options.marginTrading ?? true) await setMarginTrading(t.database.db, userId, true)
  return { account, userId, headers }
}

export async function grant(t: TestApp, userId: number, paise: number): Promise<void> {
  await t.database.db.transaction().execute((trx) =>
    postEntry(
      trx,
      transfer({
        reason: LEDGER_REASONS.demoGrant,
        reference: 'test',
        from: HOUSE_PROMOTIONS,
        to: userAccount(userId, 'available'),
        currency: 'INR',
        amount: paise,
      }),
      t.clock.now(),
    ),
  )
}

