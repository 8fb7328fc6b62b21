/**
 * Uploads through the real routes on a real database (issue 8): only a picture that decodes is
 * stored, and what is stored (read back through /user/uploadData) is the picture re-encoded:
 * upright, without EXIF, GPS, XMP or ICC, in a format that matches its content type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, sniffImage } from '../../../server/identity/uploads'
import { createTestApp, type TestApp } from '../helpers'
import { PNG, PNG_HEADER, cameraJpeg, pngBomb, solid } from '../pictures'

let t: TestApp
let alice: Record<string, string>

type Upload = { id: number; kind: string; contentType: string; size: number }

const upload = (bytes: Buffer, kind = 'receipt') => t.call('/user/upload', { kind, data: bytes.toString('base64') }, { headers: alice, key: true })

/** Uploads a picture that must be taken; gives back its reply and the bytes the server serves for it. */
async function storedOf(bytes: Buffer, kind = 'receipt'): Promise<{ meta: Upload; served: Upload; bytes: Buffer }> {
  const res = await upload(bytes, kind)
  expect(res.body.status, res.raw).toBe(1)
  const meta = res.body.data as Upload
  const back = await t.call('/user/uploadData', { id: meta.id }, { headers: alice })
  expect(back.body.status, back.raw).toBe(1)
  const served = back.body.data as Upload & { data: string }
  return { meta, served, bytes: Buffer.from(served.data, 'base64') }
}


beforeAll(async () => {
  t = await createTestApp()
  await t.register('9330000001')
  alice = await t.login('9330000001', 'secret123')
})
afterAll(() => t.close())

describe('uploads are pictures, and only pictures', () => {
  it('refuses a PNG signature and IHDR followed by HTML', async () => {
    const res = await upload(Buffer.concat([PNG_HEADER, Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]), 'id_front')
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ status: 0, code: 'upload_not_image' })
  })

  it('refuses a truncated JPEG', async () => {
    const whole = await solid(300, 200).jpeg().toBuffer()
    expect((await upload(whole.subarray(0, Math.floor(whole.length * 0.6)))).body).toMatchObject({ status: 0, code: 'upload_not_image' })
  })

  it('refuses a decompression bomb of 400 megapixels in a 50 KB file by its header, and keeps the 5 MB limit', async () => {
    const bomb = pngBomb(20_000, 20_000)
    expect(bomb.length).toBeLessThan(100_000)
    expect((await upload(bomb, 'payment_qr')).body).toMatchObject({ status: 0, code: 'upload_too_many_pixels', params: { max: UPLOAD_MAX_PIXELS } })
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1)
    PNG.copy(big)
    expect((await upload(big)).body).toMatchObject({ status: 0, code: 'upload_too_large', params: { max: UPLOAD_MAX_BYTES } })
  })

  it('stores a phone photo upright and without its EXIF, GPS position, XMP or ICC profile', async () => {
    const photo = await cameraJpeg(solid(60, 30))
    const sent = await sharp(photo).metadata()
    expect(sent.exif?.includes(Buffer.from([0x25, 0x88])), 'the GPS IFD pointer, tag 0x8825').toBe(true)
    const { served, bytes } = await storedOf(photo, 'id_front')
    expect(served.contentType).toBe('image/jpeg')
    const kept = await sharp(bytes).metadata()
    expect(kept).toMatchObject({ format: 'jpeg', width: 30, height: 60 })
    expect([kept.exif, kept.orientation, kept.xmp, kept.icc]).toEqual([undefined, undefined, undefined, undefined])
  })

  it('takes JPEG, PNG and WebP, and serves each as a picture of the type it is stored as', async () => {
    for (const [type, bytes] of [
      ['image/jpeg', await solid(40, 30).jpeg().toBuffer()],
      ['image/png', PNG],
      ['image/webp', await solid(40, 30).webp().toBuffer()],
    ] as const) {
      const { meta, served, bytes: back } = await storedOf(bytes)
      expect(meta.contentType, type).toBe(type)
      expect(served.contentType, type).toBe(type)
      expect(meta.size).toBe(back.length)
      expect(sniffImage(back)).toBe(type)
      expect((await sharp(back).metadata()).format).toBe(type.slice('image/'.length))
    }
  })

  it('stores only the picture of a file with bytes after it, so one receipt sent twice is known as the same', async () => {
    const receipt = await solid(40, 30).jpeg().toBuffer()
    const first = await storedOf(Buffer.concat([receipt, Buffer.from('<html>one</html>')]))
    const second = await storedOf(Buffer.concat([receipt, Buffer.from('<html>two</html>')]))
    expect(first.bytes.includes('<html>')).toBe(false)
    expect(first.bytes.equals(second.bytes)).toBe(true)
    const hashes = await t.database.db.selectFrom('uploads').select('sha256').where('id', 'in', [first.meta.id, second.meta.id]).execute()
    expect(new Set(hashes.map((h) => h.sha256)).size).toBe(1)
  })
})
