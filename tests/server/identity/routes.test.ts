/**
 * Identity routes on a real database: uploads judged by their bytes, a real-name submission and its
 * status, bank cards; and no user reaching another's pictures, submission or cards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { UPLOAD_MAX_BYTES } from '../../../server/identity/uploads'
import { findUserByAccount } from '../../../server/accounts/repository'
import { createTestApp, type TestApp } from '../helpers'
import { JPEG, PNG } from '../pictures'

let t: TestApp
type Headers = Record<string, string>
let alice: Headers
let bob: Headers

const upload = async (headers: Headers, kind: string, bytes: Buffer) => t.call('/user/upload', { kind, data: bytes.toString('base64') }, { headers, key: true })
const uploadId = async (headers: Headers, kind: string, bytes: Buffer) => {
  const res = await upload(headers, kind, bytes)
  expect(res.body.status, res.raw).toBe(1)
  return (res.body.data as { id: number }).id
}
const person = { name: 'Asha Rao', idNumber: 'AB12345678', pan: 'ABCDE1234F' }

async function verify(account: string, name: string): Promise<void> {
  // What the back office's approval will do (issue 4 builds it): here set directly.
  const user = await findUserByAccount(t.database.db, account)
  await t.database.db.updateTable('users').set({ real_name_status: 'verified', real_name: name }).where('id', '=', user!.id).execute()
}

beforeAll(async () => {
  t = await createTestApp()
  await t.register('9300000001')
  await t.register('9300000002')
  alice = await t.login('9300000001', 'secret123')
  bob = await t.login('9300000002', 'secret123')
})
afterAll(() => t.close())

describe('uploads', () => {
  it('stores a real picture, typed by its bytes, and gives it back only to its owner', async () => {
    const res = await upload(alice, 'id_front', PNG)
    expect(res.body).toMatchObject({ status: 1, data: { kind: 'id_front', contentType: 'image/png' } })
    const { id, size } = res.body.data as { id: number; size: number }
    const mine = await t.call('/user/uploadData', { id }, { headers: alice })
    // Stored re-encoded (tests/server/identity/upload-routes.test.ts): the same pixels, not the same bytes.
    const stored = Buffer.from((mine.body.data as { data: string }).data, 'base64')
    expect(stored.length).toBe(size)
    expect((await sharp(stored).raw().toBuffer()).equals(await sharp(PNG).raw().toBuffer())).toBe(true)
    const theirs = await t.call('/user/uploadData', { id }, { headers: bob })
    expect(theirs.body).toMatchObject({ status: 0, code: 'upload_not_found', params: { id } })
  })

  it('refuses a file that is not a picture, whatever it is called, and one over 5 MB', async () => {
    expect((await upload(alice, 'id_front', Buffer.from('%PDF-1.7 not a picture'))).body).toMatchObject({ status: 0, code: 'upload_not_image' })
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1)
    JPEG.copy(big)
    const res = await upload(alice, 'receipt', big)
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ status: 0, code: 'upload_too_large', params: { max: UPLOAD_MAX_BYTES } })
  })

  it('needs a session', async () => {
    expect((await t.call('/user/upload', { kind: 'id_front', data: PNG.toString('base64') }, { key: true })).statusCode).toBe(401)
  })
})

describe('real-name submission', () => {
  it('goes under review with both photos, shows in info, and cannot be sent again meanwhile', async () => {
    const frontId = await uploadId(alice, 'id_front', JPEG)
    const backId = await uploadId(alice, 'id_back', PNG)
    const sent = await t.call('/user/realName', { ...person, pan: 'abcde1234f', frontId, backId }, { headers: alice, key: true })
    expect(sent.body).toMatchObject({ status: 1, data: { name: 'Asha Rao', pan: 'ABCDE1234F', status: 'pending', frontUploadId: frontId, backUploadId: backId } })
    const info = await t.call('/user/realNameInfo', {}, { headers: alice })
    expect(info.body.data).toMatchObject({ status: 'pending', submission: { status: 'pending', frontUploadId: frontId } })
    const again = await t.call('/user/realName', { ...person, frontId, backId }, { headers: alice, key: true })
    expect(again.body).toMatchObject({ status: 0, code: 'real_name_under_review' })
  })

  it('refuses a bad PAN, and photos that are not the sender’s own or not of the right side', async () => {
    const frontId = await uploadId(bob, 'id_front', JPEG)
    const backId = await uploadId(bob, 'id_back', JPEG)
    expect((await t.call('/user/realName', { ...person, pan: 'ABCDE12345', frontId, backId }, { headers: bob, key: true })).body.code).toBe('pan_invalid')
    const alicePhoto = await uploadId(alice, 'id_back', JPEG)
    expect((await t.call('/user/realName', { ...person, frontId, backId: alicePhoto }, { headers: bob, key: true })).body).toMatchObject({ code: 'upload_not_found', params: { id: alicePhoto } })
    expect((await t.call('/user/realName', { ...person, frontId: backId, backId: frontId }, { headers: bob, key: true })).body.code).toBe('upload_not_found')
    expect((await t.call('/user/realNameInfo', {}, { headers: bob })).body.data).toMatchObject({ status: 'none', submission: null })
  })

  it('lets one of two simultaneous submissions through', async () => {
    await t.register('9300000003')
    const carol = await t.login('9300000003', 'secret123')
    const frontId = await uploadId(carol, 'id_front', JPEG)
    const backId = await uploadId(carol, 'id_back', JPEG)
    const replies = await Promise.all([1, 2, 3].map(() => t.call('/user/realName', { ...person, frontId, backId }, { headers: carol, key: true })))
    expect(replies.filter((r) => r.body.status === 1)).toHaveLength(1)
    expect(replies.filter((r) => r.body.code === 'real_name_under_review')).toHaveLength(2)
  })
})

describe('bank cards', () => {
  const card = { holder: 'ASHA RAO', accountNumber: '123456789012', ifsc: 'SBIN0001234', bank: 'State Bank of India', branch: 'Fort' }

  it('needs a verified identity, then takes the verified holder’s card once', async () => {
    await t.register('9300000004')
    const dev = await t.login('9300000004', 'secret123')
    expect((await t.call('/user/addBankCard', card, { headers: dev, key: true })).body).toMatchObject({ status: 0, code: 'real_name_required', params: { status: 'none' } })
    await verify('9300000004', 'Asha Rao')
    const added = await t.call('/user/addBankCard', card, { headers: dev, key: true })
    expect(added.body).toMatchObject({ status: 1, data: { holder: 'ASHA RAO', accountNumber: '123456789012', ifsc: 'SBIN0001234' } })
    expect((await t.call('/user/addBankCard', card, { headers: dev, key: true })).body.code).toBe('card_duplicate')
    expect((await t.call('/user/addBankCard', { ...card, holder: 'Someone Else', accountNumber: '999999999' }, { headers: dev, key: true })).body.code).toBe('card_holder_mismatch')
    expect((await t.call('/user/addBankCard', { ...card, ifsc: 'SBIN1001234', accountNumber: '999999999' }, { headers: dev, key: true })).body.code).toBe('ifsc_invalid')
    const list = await t.call('/user/bankList', {}, { headers: dev })
    expect((list.body.data as { data: unknown[] }).data).toHaveLength(1)
    // Another user sees none of it.
    expect((await t.call('/user/bankList', {}, { headers: bob })).body.data).toEqual({ data: [] })
  })

  it('adds a card sent twice at once only once', async () => {
    await t.register('9300000005')
    const eve = await t.login('9300000005', 'secret123')
    await verify('9300000005', 'Asha Rao')
    const replies = await Promise.all([1, 2, 3].map(() => t.call('/user/addBankCard', card, { headers: eve, key: true })))
    expect(replies.filter((r) => r.body.status === 1)).toHaveLength(1)
    expect(replies.filter((r) => r.body.code === 'card_duplicate')).toHaveLength(2)
  })
})

describe("the demo's automatic review", () => {
  it('approves a submission 5 s after it was sent, as a person would, and the identity then holds a card', async () => {
    await t.register('9300000006')
    const fay = await t.login('9300000006', 'secret123')
    const frontId = await uploadId(fay, 'id_front', JPEG)
    const backId = await uploadId(fay, 'id_back', JPEG)
    expect((await t.call('/user/realName', { ...person, name: 'Fay Das', frontId, backId }, { headers: fay, key: true })).body.status).toBe(1)
    const config = (await t.call('/common/config', { type: 'all' })).body.data as { name: string; value: string }[]
    expect(config.find((c) => c.name === 'auto_review_seconds')?.value).toBe('5')

    t.clock.advance(4_000)
    await t.app.reviews.sweep(t.clock.now())
    expect((await t.call('/user/realNameInfo', {}, { headers: fay })).body.data).toMatchObject({ status: 'pending' })
    t.clock.advance(1_000)
    expect(await t.app.reviews.sweep(t.clock.now())).toBeGreaterThanOrEqual(1)
    const info = (await t.call('/user/realNameInfo', {}, { headers: fay })).body.data
    expect(info).toMatchObject({ status: 'verified', name: 'Fay Das', reason: 'Approved automatically (demo).', submission: { status: 'approved' } })
    // Decided once: another sweep changes nothing.
    expect(await t.app.reviews.sweep(t.clock.now())).toBe(0)
    const card = { holder: 'Fay Das', accountNumber: '555566667777', ifsc: 'HDFC0001234', bank: 'HDFC Bank', branch: 'Pune' }
    expect((await t.call('/user/addBankCard', card, { headers: fay, key: true })).body.status).toBe(1)
  })

  it('is off in production, where people decide', async () => {
    const prod = await createTestApp({ profile: 'production', seed: false })
    try {
      expect(prod.config.autoReviewSeconds).toBeNull()
      expect(await prod.app.reviews.sweep(prod.clock.now() + 3_600_000)).toBe(0)
    } finally {
      await prod.close()
    }
  })
})
