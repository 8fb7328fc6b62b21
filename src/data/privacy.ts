/**
 * Privacy and account safety (issue 13). Stored in db.meta, per account (forgetAccount removes it):
 * - `deletionInfo:<account>`: /user/deletion/info, the account's deletion request with its review,
 *   what still stands in the way of closing the account, and which records the law keeps until
 *   when, so the privacy screen shows them offline.
 * Nothing else here rests on the device. The data export is handed straight to the browser to
 * save; the two-step secret and the recovery codes live only on the screen that shows them (a
 * phone left unlocked must not give them away later), and every call that carries a password or
 * a code is sent at once, never queued in the outbox: a password must not rest in IndexedDB.
 */
import {
  type DeletionBlocker,
  type DeletionInfo,
  type DeletionRequest,
  type RetainedRecord,
  type TotpEnabled,
  type TotpSetup,
} from '../contract/replies'
import { call, download } from './api'
import { db, metaKeys, readMeta } from './db'
import { restoreAccountMeta } from './metaValues'
import { getSession } from './sessionStore'
import { offlineIsFine, refresh, refreshUserInfo } from './sync'

export type { DeletionBlocker, DeletionInfo, DeletionRequest, RetainedRecord, TotpEnabled, TotpSetup }

export const deletionInfoKey = metaKeys.deletionInfo

/** Fetches /user/deletion/info of the signed-in account into db.meta. Quiet offline. */
export async function refreshDeletionInfo(opts: { fresh?: boolean } = {}): Promise<DeletionInfo | undefined> {
  const account = getSession()?.account
  if (!account) return undefined
  const key = deletionInfoKey(account)
  return offlineIsFine(
    refresh(
      key,
      async () => {
        const info = await call<DeletionInfo>('/user/deletion/info', {})
        await storeDeletionInfo(account, info)
        return info
      },
      opts,
    ),
  )
}

/** Keeps `info` for `account`, unless the user signed out while the request was out (no data of theirs comes back). */
async function storeDeletionInfo(account: string, info: DeletionInfo): Promise<void> {
  if (getSession()?.account === account) await db.meta.put({ key: deletionInfoKey(account), value: info, updatedAt: Date.now() })
}

/** The stored /user/deletion/info of `account`; null when never fetched here. Live-query friendly. */
export function storedDeletionInfo(account: string): Promise<DeletionInfo | null> {
  return readMeta(deletionInfoKey(account), restoreAccountMeta.deletionInfo)
}

/**
 * Asks for the account to be closed and its data erased, proved by the login password; reviewed
 * by a person. Refusals: deletion_pending, deletion_blocked {reason}, password_incorrect.
 */
export async function requestDeletion(password: string, idempotencyKey: string): Promise<DeletionInfo> {
  return changeDeletion('/user/deletion/request', { password }, idempotencyKey)
}

/** Withdraws the pending deletion request. Refusal: deletion_not_pending. */
export async function cancelDeletion(idempotencyKey: string): Promise<DeletionInfo> {
  return changeDeletion('/user/deletion/cancel', {}, idempotencyKey)
}

async function changeDeletion(path: string, body: object, idempotencyKey: string): Promise<DeletionInfo> {
  const account = getSession()?.account
  const info = await call<DeletionInfo>(path, body, { idempotencyKey, silent: true })
  if (account) await storeDeletionInfo(account, info)
  return info
}

export type DataFile = { blob: Blob; fileName: string }

/**
 * Everything the server holds about the signed-in account as one JSON file, named as the server
 * names it (tijori-data-<account>.json). Needs the network: NetworkError offline.
 */
export async function exportMyData(): Promise<DataFile> {
  const account = getSession()?.account ?? 'account'
  const blob = await download('/user/export', {})
  return { blob, fileName: `tijori-data-${account}.json` }
}

/** Step one of two-step sign-in: a new secret (not in force yet), proved by the login password. */
export function setupTotp(password: string, idempotencyKey: string): Promise<TotpSetup> {
  return call<TotpSetup>('/user/totp/setup', { password }, { idempotencyKey, silent: true })
}

/**
 * Step two: a code from the authenticator app proves it holds the secret; two-step sign-in is on
 * from now. The reply's recovery codes are shown once and never again (the server keeps hashes).
 */
export async function enableTotp(code: string, idempotencyKey: string): Promise<TotpEnabled> {
  const reply = await call<TotpEnabled>('/user/totp/enable', { code }, { idempotencyKey, silent: true })
  await refreshUserInfo({ fresh: true })
  return reply
}

/** Turns two-step sign-in off: the login password and a current code (or a recovery code). */
export async function disableTotp(password: string, code: string, idempotencyKey: string): Promise<void> {
  await call<object>('/user/totp/disable', { password, code }, { idempotencyKey, silent: true })
  await refreshUserInfo({ fresh: true })
}
