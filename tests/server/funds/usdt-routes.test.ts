/**
 * USDT addresses on a real database: saved per network after the network's check, replaced when
 * saved again, with a payment QR picture that must be the user's own real image, which only its
 * owner can read back; and no user reaching another's addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { USDT_NETWORKS } from '../../../src/lib/validators'
import { createTestApp, type TestApp } from '../helpers'
import { PNG } from '../pictures'

let t: TestApp
type Headers = Record<string, string>
let alice: Headers
let bob: Headers

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
const TRON_2 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'
const ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7'

const save = (headers: Headers, body: object) => t.call('/user/setUsdtAddress', body, { headers, key: true })
const list = async (headers: Headers) => ((await t.call('/user/usdtAddress', {}, { headers })).body.data as { data: { network: string; address: string; qrUploadId: number | null }[] }).data
const upload = async (headers: Headers, kind: string, bytes: Buffer) => {
  const res = await t.call('/user/upload', { kind, data: bytes.toString('base64') }, { headers, key: true })
  return res
}
const uploadId = async (headers: Headers, kind: string) => {
  const res = await upload(headers, kind, PNG)
  expect(res.body.status, res.raw).toBe(1)
  return (res.body.data as { id: number }).id
}

beforeAll(async () => {
  t = await createTestApp()
  await t.register('9310000001')
  await t.register('9310000002')
  alice = await t.login('9310000001', 'secret123')
  bob = await t.login('9310000002', 'secret123')
})
afterAll(() => t.close())

describe('USDT addresses', () => {
  it('saves an address per network, trimmed, and reads them back', async () => {
    expect(await list(alice)).toEqual([])
    const saved = await save(alice, { network: 'TRC20', address: ` ${TRON} ` })
    expect(saved.body).toMatchObject({ status: 1, data: { network: 'TRC20', address: TRON, qrUploadId: null } })
    expect((await save(alice, { network: 'ERC20', address: ETH })).body.status).toBe(1)
    expect((await list(alice)).map((a) => [a.network, a.address])).toEqual([['TRC20', TRON], ['ERC20', ETH]])
  })

  it('replaces the address of a network saved again', async () => {
    const res = await save(alice, { network: 'TRC20', address: TRON_2 })
    expect(res.body).toMatchObject({ status: 1, data: { address: TRON_2 } })
    expect((await list(alice)).filter((a) => a.network === 'TRC20').map((a) => a.address)).toEqual([TRON_2])
  })

  it('refuses an address not of the network’s form, or with a broken checksum, and keeps the old one', async () => {
    for (const [network, address] of [['TRC20', ETH], ['ERC20', TRON], ['TRC20', `${TRON_2.slice(0, 33)}8`], ['ERC20', `${ETH}00`]] as const) {
      expect((await save(alice, { network, address })).body, address).toMatchObject({ status: 0, code: 'usdt_address_invalid', params: { network } })
    }
    expect((await list(alice)).map((a) => a.address)).toEqual([TRON_2, ETH])
  })

  it('knows every network the app offers (src/lib/validators.ts)', async () => {
    for (const network of USDT_NETWORKS) expect((await save(bob, { network, address: 'x' })).body, network).toMatchObject({ status: 0, code: 'usdt_address_invalid', params: { network } })
  })

  it('refuses a network it does not know', async () => {
    expect((await save(alice, { network: 'BEP20', address: ETH })).statusCode).toBe(400)
  })

  it('keeps a payment QR picture of the user’s own, which only they can read back', async () => {
    const qr = await uploadId(alice, 'payment_qr')
    const saved = await save(alice, { network: 'ERC20', address: ETH, qrUploadId: qr })
    expect(saved.body).toMatchObject({ status: 1, data: { qrUploadId: qr } })
    const mine = await t.call('/user/uploadData', { id: qr }, { headers: alice })
    expect(mine.body).toMatchObject({ status: 1, data: { kind: 'payment_qr', contentType: 'image/png' } })
    // Stored re-encoded (tests/server/identity/upload-routes.test.ts): the same pixels, not the same bytes.
    const stored = Buffer.from((mine.body.data as { data: string }).data, 'base64')
    expect((await sharp(stored).raw().toBuffer()).equals(await sharp(PNG).raw().toBuffer())).toBe(true)
    expect((await t.call('/user/uploadData', { id: qr }, { headers: bob })).body).toMatchObject({ status: 0, code: 'upload_not_found', params: { id: qr } })
  })

  it('takes only real pictures as the payment QR', async () => {
    expect((await upload(alice, 'payment_qr', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).body).toMatchObject({ status: 0, code: 'upload_not_image' })
  })

  it('refuses another user’s picture, or one uploaded as something else, as the payment QR', async () => {
    const alices = await uploadId(alice, 'payment_qr')
    expect((await save(bob, { network: 'TRC20', address: TRON, qrUploadId: alices })).body).toMatchObject({ status: 0, code: 'upload_not_found', params: { id: alices } })
    const receipt = await uploadId(bob, 'receipt')
    expect((await save(bob, { network: 'TRC20', address: TRON, qrUploadId: receipt })).body).toMatchObject({ status: 0, code: 'upload_not_found' })
    expect(await list(bob)).toEqual([])
  })

  it('shows a user only their own addresses, and removes one on request', async () => {
    expect((await save(bob, { network: 'TRC20', address: TRON })).body.status).toBe(1)
    expect((await list(bob)).map((a) => a.address)).toEqual([TRON])
    expect((await list(alice)).map((a) => a.address)).toEqual([TRON_2, ETH])
    const removed = await t.call('/user/delUsdtAddress', { network: 'TRC20' }, { headers: bob, key: true })
    expect(removed.body).toMatchObject({ status: 1, data: { removed: true } })
    expect(await list(bob)).toEqual([])
    expect((await list(alice)).map((a) => a.network)).toEqual(['TRC20', 'ERC20'])
  })

  it('needs a session, and a key to save', async () => {
    expect((await t.call('/user/usdtAddress', {})).statusCode).toBe(401)
    expect((await t.call('/user/setUsdtAddress', { network: 'TRC20', address: TRON }, { headers: alice })).body.code).toBe('idempotency_key_required')
  })
})
