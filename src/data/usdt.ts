/**
 * The user's own USDT addresses (issue 4, /information/usdtAddress). Stored in db.meta, per account:
 * - `usdtAddresses:<account>`   the addresses, one per network (/user/usdtAddress): a row or two;
 * - `upload:<account>:<id>`     a payment-QR picture the user attached, as { contentType, data
 *                               (base64) } from /user/uploadData: a picture never changes, so it
 *                               is fetched once and shown offline after.
 * Saving needs the network and is not queued: it may carry a picture of up to 5 MB, and an
 * address the user is about to pay into should not wait on the device.
 */
import { type Upload, type UploadData, type UsdtAddress } from '../contract/replies'
import { type UsdtNetwork } from '../lib/validators'
import { call } from './api'
import { db, metaKeys, readMeta } from './db'
import { restoreAccountMeta } from './metaValues'
import { toBase64 } from './identity'
import { getSession } from './sessionStore'
import { offlineIsFine, refresh, refreshAccountList } from './sync'

export type { UsdtNetwork }

export type { UsdtAddress }

/**
 * What to save: the address and, for its payment QR, a new picture (`qr`), the one already
 * attached (`keep`), or none.
 */
export type UsdtAddressInput = { network: UsdtNetwork; address: string; qr: { file: Blob } | 'keep' | null }

/** /user/uploadData's picture as stored on the device. */
export type StoredPicture = Pick<UploadData, 'contentType' | 'data'>

export const usdtAddressesKey = metaKeys.usdtAddresses

export const uploadKey = metaKeys.upload

/** Fetches the addresses into db.meta. Quiet offline. */
export async function refreshUsdtAddresses(opts: { fresh?: boolean } = {}): Promise<UsdtAddress[] | undefined> {
  return refreshAccountList<UsdtAddress[]>(usdtAddressesKey, '/user/usdtAddress', opts)
}

/**
 * Saves the network's address (replacing the one there), uploading a new payment QR picture first.
 * `attemptKey` is one per form attempt, so a retry after a lost reply changes nothing twice.
 * Throws NetworkError offline and ApiRefusal with the rule that refused.
 */
export async function saveUsdtAddress(input: UsdtAddressInput, current: UsdtAddress | undefined, attemptKey: string): Promise<UsdtAddress> {
  let qrUploadId: number | null = null
  if (input.qr === 'keep') qrUploadId = current?.qrUploadId ?? null
  else if (input.qr) {
    const data = await toBase64(input.qr.file)
    qrUploadId = (await call<Upload>('/user/upload', { kind: 'payment_qr', data }, { idempotencyKey: `${attemptKey}:qr`, silent: true })).id
  }
  const saved = await call<UsdtAddress>(
    '/user/setUsdtAddress',
    { network: input.network, address: input.address, qrUploadId },
    { idempotencyKey: attemptKey, silent: true },
  )
  await refreshUsdtAddresses({ fresh: true })
  return saved
}

/** Removes the network's address. Throws NetworkError offline. */
export async function removeUsdtAddress(network: UsdtNetwork, attemptKey: string): Promise<void> {
  await call('/user/delUsdtAddress', { network }, { idempotencyKey: attemptKey, silent: true })
  await refreshUsdtAddresses({ fresh: true })
}

/** A stored picture of the account as a Blob, or null when this device has not fetched it. */
export async function storedPicture(account: string, id: number): Promise<Blob | null> {
  const row = await readMeta(uploadKey(account, id), restoreAccountMeta.upload)
  if (!row) return null
  const binary = atob(row.data)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return new Blob([bytes], { type: row.contentType })
}

/** Fetches one of the user's own pictures into db.meta once (it never changes). Quiet offline. */
export async function fetchPicture(id: number): Promise<void> {
  const account = getSession()?.account
  if (!account || (await db.meta.get(uploadKey(account, id)))) return
  await offlineIsFine(
    refresh(uploadKey(account, id), async () => {
      const { contentType, data } = await call<UploadData>('/user/uploadData', { id })
      if (getSession()?.account === account) {
        await db.meta.put({ key: uploadKey(account, id), value: { contentType, data } satisfies StoredPicture, updatedAt: Date.now() })
      }
    }),
  )
}
