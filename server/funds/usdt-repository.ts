/**
 * The user's own USDT addresses (issue 4): `usdt_addresses`, one row per user and network, with
 * the id of an optional payment-QR picture in `uploads` (server/identity/repository.ts). Every read and
 * write is scoped by the user's id.
 */
import { type Executor } from '../db/executor'
import { type UsdtAddress } from '../../src/contract/replies'

// The rows as the app receives them (src/contract/replies.ts).
export type { UsdtAddress }

const COLUMNS = ['network', 'address', 'qr_upload_id as qrUploadId', 'created_at as createdAt', 'updated_at as updatedAt'] as const

/** The user's addresses, TRC20 before ERC20 (the order of the networks' names, reversed). */
export async function usdtAddressesOf(db: Executor, userId: number): Promise<UsdtAddress[]> {
  return db.selectFrom('usdt_addresses').select(COLUMNS).where('user_id', '=', userId).orderBy('network', 'desc').execute()
}

/** Saves the network's address, replacing the one the user had on that network. */
export async function saveUsdtAddress(
  db: Executor,
  row: { userId: number; network: UsdtAddress['network']; address: string; qrUploadId: number | null; now: number },
): Promise<UsdtAddress> {
  return db
    .insertInto('usdt_addresses')
    .values({ user_id: row.userId, network: row.network, address: row.address, qr_upload_id: row.qrUploadId, created_at: row.now, updated_at: row.now })
    .onConflict((oc) => oc.columns(['user_id', 'network']).doUpdateSet({ address: row.address, qr_upload_id: row.qrUploadId, updated_at: row.now }))
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()
}

/** Removes the user's address on `network`; false when there was none. */
export async function deleteUsdtAddress(db: Executor, userId: number, network: UsdtAddress['network']): Promise<boolean> {
  const result = await db.deleteFrom('usdt_addresses').where('user_id', '=', userId).where('network', '=', network).executeTakeFirst()
  return result.numDeletedRows > 0n
}
