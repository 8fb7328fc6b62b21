/**
 * Identity and bank cards (issue 4). Stored in db.meta, per account:
 * - `realName:<account>`  the identity's status, name, the reviewer's reason and the latest
 *                         submission (/user/realNameInfo);
 * - `bankCards:<account>` the user's bank cards (/user/bankList): a handful, one row holds them.
 * Adding a card is the outbox kind 'card.add', so a card added offline is sent once online.
 * Sending the identity photos needs the network and is not queued: two 5 MB photos would sit on
 * the device for days, and the reviewer wants them now.
 */
import { type BankCard, type RealNameInfo, type RealNameStatus, type RealNameSubmission, type Upload } from '../contract/replies'
import { call } from './api'
import { db, metaKeys, type OutboxItem } from './db'
import { enqueue } from './outbox'
import { getSession } from './sessionStore'
import { offlineIsFine, refresh, refreshUserInfo, refreshAccountList } from './sync'

export type { BankCard, RealNameInfo, RealNameStatus, RealNameSubmission }

/**
 * The identity as the device keeps it (db.meta `realName`): the reply without the photos' upload
 * ids, which no screen shows and which rows stored before the server sent them lack.
 */
export type StoredRealName = Omit<RealNameInfo, 'submission'> & {
  submission: Omit<RealNameSubmission, 'frontUploadId' | 'backUploadId'> | null
}

export type BankCardInput = { holder: string; accountNumber: string; ifsc: string; bank: string; branch: string }

export type RealNameInput = { name: string; idNumber: string; pan: string; front: Blob; back: Blob }

export const realNameKey = metaKeys.realName

export const bankCardsKey = metaKeys.bankCards

/** Fetches the identity's status into db.meta. Quiet offline. */
export async function refreshRealName(opts: { fresh?: boolean } = {}): Promise<RealNameInfo | undefined> {
  const account = getSession()?.account
  if (!account) return undefined
  return offlineIsFine(
    refresh(
      realNameKey(account),
      async () => {
        const info = await call<RealNameInfo>('/user/realNameInfo')
        if (getSession()?.account !== account) return info
        // The same fact is in the stored /user/info, which other screens read: both move together.
        await db.transaction('rw', db.meta, db.user, async () => {
          await db.meta.put({ key: realNameKey(account), value: info, updatedAt: Date.now() })
          await db.user.update(account, { realName: { status: info.status, name: info.name, reason: info.reason } })
        })
        return info
      },
      opts,
    ),
  )
}

/** Fetches the bank cards into db.meta. Quiet offline. */
export async function refreshBankCards(opts: { fresh?: boolean } = {}): Promise<BankCard[] | undefined> {
  return refreshAccountList<BankCard[]>(bankCardsKey, '/user/bankList', opts)
}

/** The bytes of a picture as base64, the way /user/upload takes them. */
export async function toBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  // In chunks: String.fromCharCode with 5 million arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/**
 * Uploads both photos, then sends the identity for review. `attemptKey` is one per form attempt
 * (the same input sent again reuses it, so a retry after a lost reply changes nothing twice).
 * Throws NetworkError offline and ApiRefusal with the rule that refused.
 */
export async function submitRealName(input: RealNameInput, attemptKey: string): Promise<RealNameSubmission> {
  const upload = async (kind: 'id_front' | 'id_back', file: Blob) =>
    (await call<Upload>('/user/upload', { kind, data: await toBase64(file) }, { idempotencyKey: `${attemptKey}:${kind}`, silent: true })).id
  const frontId = await upload('id_front', input.front)
  const backId = await upload('id_back', input.back)
  const submission = await call<RealNameSubmission>(
    '/user/realName',
    { name: input.name, idNumber: input.idNumber, pan: input.pan, frontId, backId },
    { idempotencyKey: attemptKey, silent: true },
  )
  await Promise.all([refreshRealName({ fresh: true }), refreshUserInfo({ fresh: true })])
  return submission
}

/** Queues a new bank card; the list is fetched again once the server has it. */
export function addBankCard(input: BankCardInput): Promise<OutboxItem> {
  return enqueue('card.add', input)
}

/** The effect of outbox kind 'card.add' (outboxKinds.ts): the list is fetched again. */
export async function afterCardAdded(): Promise<void> {
  await refreshBankCards({ fresh: true })
}
