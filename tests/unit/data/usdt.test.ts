/**
 * USDT addresses through the data layer against the real server (/user/usdtAddress,
 * /user/setUsdtAddress, /user/delUsdtAddress, /user/upload, /user/uploadData), through the real proxy.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiRefusal, NetworkError } from '../../../src/data/api'
import { db } from '../../../src/data/db'
import { login } from '../../../src/data/session'
import { fetchPicture, refreshUsdtAddresses, removeUsdtAddress, saveUsdtAddress, storedPicture, usdtAddressesKey, type UsdtAddress } from '../../../src/data/usdt'
import { useRealServer } from '../support/realServer'
import { PNG } from '../../server/pictures'

const server = useRealServer()
let account: string

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
const ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7'
const stored = async () => (await db.meta.get(usdtAddressesKey(account)))?.value as UsdtAddress[] | undefined

beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.meta.clear(), db.user.clear()])
  const created = await server.newAccount()
  account = created.account
  await login(account, created.password)
})

describe('USDT addresses', () => {
  it('saves an address with its payment QR picture, and keeps both for offline', async () => {
    const saved = await saveUsdtAddress({ network: 'TRC20', address: TRON, qr: { file: new Blob([new Uint8Array(PNG)], { type: 'image/png' }) } }, undefined, crypto.randomUUID())
    expect(saved).toMatchObject({ network: 'TRC20', address: TRON, qrUploadId: expect.any(Number) })
    expect(await stored()).toMatchObject([{ network: 'TRC20', address: TRON, qrUploadId: saved.qrUploadId }])
    await fetchPicture(saved.qrUploadId!)
    server.proxy.setMode('down')
    const picture = await storedPicture(account, saved.qrUploadId!)
    expect(picture?.type).toBe('image/png')
    // The picture as the server stores it (re-encoded, server/identity/uploads.ts).
    const upload = await server.t.database.db.selectFrom('uploads').select('bytes').where('id', '=', saved.qrUploadId!).executeTakeFirstOrThrow()
    expect(new Uint8Array(await picture!.arrayBuffer())).toEqual(new Uint8Array(upload.bytes))
    expect(await refreshUsdtAddresses()).toBeUndefined()
    expect(await stored()).toHaveLength(1)
  })

  it('keeps the attached picture when only the address changes, or drops it when asked', async () => {
    const first = await saveUsdtAddress({ network: 'ERC20', address: ETH, qr: { file: new Blob([new Uint8Array(PNG)]) } }, undefined, crypto.randomUUID())
    const kept = await saveUsdtAddress({ network: 'ERC20', address: ETH.toLowerCase(), qr: 'keep' }, first, crypto.randomUUID())
    expect(kept).toMatchObject({ address: ETH.toLowerCase(), qrUploadId: first.qrUploadId })
    const dropped = await saveUsdtAddress({ network: 'ERC20', address: ETH, qr: null }, kept, crypto.randomUUID())
    expect(dropped.qrUploadId).toBeNull()
  })

  it('says which rule refused, needs the network to save, and removes an address', async () => {
    await expect(saveUsdtAddress({ network: 'TRC20', address: ETH, qr: null }, undefined, crypto.randomUUID())).rejects.toMatchObject({ code: 'usdt_address_invalid', params: { network: 'TRC20' } })
    await expect(saveUsdtAddress({ network: 'TRC20', address: TRON, qr: { file: new Blob(['not a picture']) } }, undefined, crypto.randomUUID())).rejects.toBeInstanceOf(ApiRefusal)
    server.proxy.setMode('down')
    await expect(saveUsdtAddress({ network: 'TRC20', address: TRON, qr: null }, undefined, crypto.randomUUID())).rejects.toBeInstanceOf(NetworkError)
    server.proxy.setMode('pass')
    await saveUsdtAddress({ network: 'TRC20', address: TRON, qr: null }, undefined, crypto.randomUUID())
    await removeUsdtAddress('TRC20', crypto.randomUUID())
    expect(await stored()).toEqual([])
  })
})
