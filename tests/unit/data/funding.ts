/** Test money for a fresh account: a demo grant posted through the real ledger (no shortcut); and a verified identity, which trading needs. */
import { LEDGER_REASONS, HOUSE_PROMOTIONS, transfer, userAccount } from '../../../server/ledger/rules'
import { postEntry } from '../../../server/ledger/repository'
import { findUserByAccount } from '../../../server/accounts/repository'
import { type RealServer } from '../support/realServer'

export async function grant(server: RealServer, account: string, paise: number): Promise<void> {
  const user = await findUserByAccount(server.t.database.db, account)
  if (!user) throw new Error(`no user ${account}`)
  await server.t.database.db.transaction().execute((trx) =>
    postEntry(
      trx,
      transfer({
        reason: LEDGER_REASONS.demoGrant,
        reference: 'test',
        from: HOUSE_PROMOTIONS,
        to: userAccount(user.id, 'available'),
        currency: 'INR',
        amount: paise,
      }),
      server.t.clock.now(),
    ),
  )
}

/** What an approved real-name review leaves (the review itself is tested on the server). */
export async function verify(server: RealServer, account: string): Promise<void> {
  await server.t.database.db.updateTable('users').set({ real_name_status: 'verified', real_name: 'Test Trader' }).where('account', '=', account).execute()
}
