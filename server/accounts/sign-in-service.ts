/**
 * The daily sign-in (once per India day, sign-in-rules.ts): the reward's ledger entry and the
 * day's row in one transaction, the caller's, so the route stores its reply with them.
 */
import { type ServerConfig } from '../config'
import { type Tx } from '../db/executor'
import { HOUSE_PROMOTIONS, LEDGER_REASONS, transfer, userAccount } from '../ledger/rules'
import { CURRENCY } from '../ledger/money'
import { postEntry } from '../ledger/repository'
import { lockUsers } from './repository'
import { alreadySignedIn, signInDay } from './sign-in-rules'
import { hasSignedIn, insertSignIn, signInSummary } from './sign-in-repository'

/** Signs the user in for the day of `now` and pays the configured reward; refuses already_signed_in. */
export async function signInForDay(
  trx: Tx,
  deps: { config: ServerConfig },
  userId: number,
  now: number,
): Promise<{ count: number; reward: number; day: string }> {
  const day = signInDay(now)
  // The row lock orders two sign-ins of one user; the primary key would catch a race anyway.
  await lockUsers(trx, [userId])
  if (await hasSignedIn(trx, userId, day)) throw alreadySignedIn(day)
  const reward = deps.config.signinReward
  const entryId = await postEntry(
    trx,
    transfer({
      reason: LEDGER_REASONS.signInReward,
      reference: `sign_in:${day}`,
      from: HOUSE_PROMOTIONS,
      to: userAccount(userId, 'available'),
      currency: CURRENCY,
      amount: reward,
    }),
    now,
  )
  if (!(await insertSignIn(trx, { userId, day, reward, entryId, now }))) throw alreadySignedIn(day)
  const { count } = await signInSummary(trx, userId)
  return { count, reward, day }
}
