import { describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_EDGE, UPLOAD_MAX_PIXELS, checkPixels, checkUpload, sniffImage, storedPicture, type StoredPicture } from '../../../server/identity/uploads'
import { DomainRefusal } from '../../../server/http/refusal'
import { PNG, PNG_HEADER, cameraJpeg, png, pngBomb, pngFile, solid } from '../pictures'

const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00])
const webp = Uint8Array.from([...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 '), 0, 0, 0, 0])


async function stored(bytes: Uint8Array): Promise<StoredPicture> {
  const result = await storedPicture(bytes)
  if (result instanceof DomainRefusal) throw new Error(`refused: ${result.code}`)
  return result
}

async function refusalOf(bytes: Uint8Array): Promise<DomainRefusal> {
  const result = await storedPicture(bytes)
  expect(result).toBeInstanceOf(DomainRefusal)
  return result as DomainRefusal
}

describe('the first gate: size and type by the first bytes', () => {
  it('recognises JPEG, PNG and WebP by their bytes', () => {
    expect(sniffImage(jpeg)).toBe('image/jpeg')
    expect(sniffImage(PNG)).toBe('image/png')
    expect(sniffImage(webp)).toBe('image/webp')
  })

  it('refuses what only pretends to be a picture: text, a PDF, a truncated PNG, an empty file', () => {
    for (const bytes of [Buffer.from('hello.jpg'), Buffer.from('%PDF-1.7\n'), PNG.subarray(0, 10), new Uint8Array(0), Buffer.from('RIFF\0\0\0\0WAVEfmt ')]) {
      const result = checkUpload(bytes)
      expect(result).toBeInstanceOf(DomainRefusal)
      expect((result as DomainRefusal).code).toBe('upload_not_image')
    }
  })

  it('takes a picture of exactly the limit and refuses one byte more, naming the limit', () => {
    const atLimit = new Uint8Array(UPLOAD_MAX_BYTES)
    atLimit.set(jpeg)
    expect(checkUpload(atLimit)).toBe('image/jpeg')
    const over = new Uint8Array(UPLOAD_MAX_BYTES + 1)
    over.set(jpeg)
    expect(checkUpload(over)).toMatchObject({ code: 'upload_too_large', params: { max: UPLOAD_MAX_BYTES } })
  })

  it('takes exactly UPLOAD_MAX_PIXELS and refuses one pixel more, naming the limit', () => {
    expect(checkPixels(8192, 6144)).toBeNull() // the largest 50 MP phone sensor
    expect(checkPixels(UPLOAD_MAX_PIXELS, 1)).toBeNull()
    expect(checkPixels(UPLOAD_MAX_PIXELS + 1, 1)).toMatchObject({ code: 'upload_too_many_pixels', params: { max: UPLOAD_MAX_PIXELS } })
    expect(checkPixels(20_000, 20_000)).toMatchObject({ code: 'upload_too_many_pixels' })
  })
})

describe('the stored picture: decoded and encoded again', () => {
  it('refuses a PNG header followed by HTML, and a header with nothing after it', async () => {
    const html = Buffer.concat([PNG_HEADER, Buffer.from('<html><script>alert(document.cookie)</script></html>')])
    expect(sniffImage(html)).toBe('image/png') // what the old check looked at
    expect((await refusalOf(html)).code).toBe('upload_not_image')
    expect((await refusalOf(PNG_HEADER)).code).toBe('upload_not_image')
  })

  it('refuses a truncated JPEG and a PNG whose pixel data is not deflate', async () => {
    const whole = await solid(200, 150).jpeg().toBuffer()
    expect((await refusalOf(whole.subarray(0, Math.floor(whole.length * 0.6)))).code).toBe('upload_not_image')
    expect((await refusalOf(pngFile(4, 4, 8, 2, Buffer.from('<svg onload=alert(1)>')))).code).toBe('upload_not_image')
  })

  it('refuses a picture the decoder could open but the app does not take (GIF, SVG)', async () => {
    const gif = await solid(4, 4).gif().toBuffer()
    expect((await refusalOf(gif)).code).toBe('upload_not_image')
    expect((await refusalOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'))).code).toBe('upload_not_image')
  })

  it('refuses a decompression bomb by its header, before decoding a pixel', async () => {
    const bomb = pngBomb(20_000, 20_000)
    expect(bomb.length).toBeLessThan(100_000)
    expect(await refusalOf(bomb)).toMatchObject({ code: 'upload_too_many_pixels', params: { max: UPLOAD_MAX_PIXELS } })
    // Pixel data that could not be decoded at all: the refusal is still the pixel limit, so no decoder ran.
    expect(await refusalOf(pngFile(20_000, 20_000, 8, 2, Buffer.from('not deflate')))).toMatchObject({ code: 'upload_too_many_pixels' })
  })

  it('keeps JPEG, PNG and WebP in their own format, and only the picture of a file with bytes after it', async () => {
    for (const [type, bytes] of [
      ['image/jpeg', await solid(30, 20).jpeg().toBuffer()],
      ['image/png', PNG],
      ['image/webp', await solid(30, 20).webp().toBuffer()],
    ] as const) {
      const picture = await stored(Buffer.concat([bytes, Buffer.from('<html>hidden</html>')]))
      expect(picture.contentType, type).toBe(type)
      expect(sniffImage(picture.bytes)).toBe(type)
      expect((await sharp(picture.bytes).metadata()).format).toBe(type.slice('image/'.length))
      expect(Buffer.from(picture.bytes).includes('<html>')).toBe(false)
    }
  })

  it('keeps a PNG lossless, so a QR code stays exactly as sent', async () => {
    const picture = await stored(png(0x123456, 3, 3))
    const { data } = await sharp(picture.bytes).raw().toBuffer({ resolveWithObject: true })
    expect([...data.subarray(0, 3)]).toEqual([0x56, 0x34, 0x12])
  })

  it('strips EXIF (with its GPS position), XMP and ICC, after turning the picture upright', async () => {
    // 40x20, left half red and right half blue, that the camera says to turn 90° clockwise (Orientation 6).
    const red = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } }).png().toBuffer()
    const photo = await cameraJpeg(sharp({ create: { width: 40, height: 20, channels: 3, background: '#0000ff' } }).composite([{ input: red, left: 0, top: 0 }]))
    const sent = await sharp(photo).metadata()
    expect(sent).toMatchObject({ width: 40, height: 20, orientation: 6 })
    expect(sent.exif?.includes(Buffer.from([0x25, 0x88])), 'the GPS IFD pointer, tag 0x8825').toBe(true)
    expect(sent.xmp).toBeDefined()
    expect(sent.icc).toBeDefined()

    const picture = await stored(photo)
    const kept = await sharp(picture.bytes).metadata()
    expect(kept).toMatchObject({ format: 'jpeg', width: 20, height: 40 })
    expect(kept.exif).toBeUndefined()
    expect(kept.orientation).toBeUndefined()
    expect(kept.xmp).toBeUndefined()
    expect(kept.icc).toBeUndefined()
    // Turned clockwise, the left (red) half is now the top.
    const { data } = await sharp(picture.bytes).raw().toBuffer({ resolveWithObject: true })
    expect(data[0]).toBeGreaterThan(200)
    expect(data[2]).toBeLessThan(60)
  })

  it('gives each of many pictures sent at once its own answer (two are decoded at a time, the rest wait)', async () => {
    const sent = Array.from({ length: 7 }, (_, i) => (i % 3 === 2 ? PNG_HEADER : png(i, 2 + i, 2)))
    const results = await Promise.all(sent.map((bytes) => storedPicture(bytes)))
    results.forEach((result, i) => {
      if (i % 3 === 2) expect(result, String(i)).toMatchObject({ code: 'upload_not_image' })
      else expect(result, String(i)).toMatchObject({ contentType: 'image/png', width: 2 + i, height: 2 })
    })
  })

  it('scales a large photo down to UPLOAD_MAX_EDGE on its longest edge, and never enlarges a small one', async () => {
    const large = await stored(await solid(4000, 1000).jpeg().toBuffer())
    expect([large.width, large.height]).toEqual([UPLOAD_MAX_EDGE, UPLOAD_MAX_EDGE / 4])
    expect(await sharp(large.bytes).metadata()).toMatchObject({ width: UPLOAD_MAX_EDGE, height: UPLOAD_MAX_EDGE / 4 })
    const small = await stored(png(1, 3, 2))
    expect([small.width, small.height]).toEqual([3, 2])
  })
})
