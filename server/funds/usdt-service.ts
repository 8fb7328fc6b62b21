/**
 * Saving a user's USDT address (issue 4): the address checked for its network (usdt-rules.ts),
 * the optional payment QR picture checked to be the user's own, then the row (usdt-repository.ts).
 */
import { DomainRefusal } from '../http/refusal'
import { checkUsdtAddress } from './usdt-rules'
import { ownUpload } from '../identity/repository'
import { saveUsdtAddress, type UsdtAddress } from './usdt-repository'
import { type Effect, type Executor } from '../db/executor'

const uploadNotFound = (id: number) => new DomainRefusal('upload_not_found', { id }, 'That picture is not among your uploads.')

/**
 * Checks the address and the picture, then returns the write for the route's idempotent
 * commit(), so the reply is stored with it and a retry is answered from its key.
 */
export async function setUsdtAddress(
  db: Executor,
  r: { userId: number; network: UsdtAddress['network']; address: string; qrUploadId: number | null; now: number },
): Promise<Effect<UsdtAddress>> {
  const { userId, network, qrUploadId } = r
  const address = checkUsdtAddress(network, r.address)
  if (address instanceof DomainRefusal) throw address
  if (qrUploadId !== null) {
    // Scoped by the user: another user's upload is "not found", never used.
    const upload = await ownUpload(db, userId, qrUploadId)
    if (!upload || upload.kind !== 'payment_qr') throw uploadNotFound(qrUploadId)
  }
  return (trx) => saveUsdtAddress(trx, { userId, network, address, qrUploadId, now: r.now })
}
