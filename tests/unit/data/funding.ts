/** Test money for a fresh account: a demo grant posted through the real ledger (no shortcut). */
import { LEDGER_REASONS, HOUSE_PROMOTIONS, transfer, userAccount } from '../../../server/domain/ledger'
import { postEntry } from '../../../server/repositories/ledger'
import { findUserByAccount } from '../../../server/repositories/users'
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
