import { describe, expect, it } from 'vitest'
import { deflateSync } from 'node:zlib'
import { UPLOAD_MAX_BYTES, checkUpload, sniffImage } from '../../../server/domain/uploads'
import { DomainRefusal } from '../../../server/domain/refusal'

/** A real 1x1 PNG, built from its chunks. */
function png(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4) // the sniffer does not check CRCs; a decoder would
    return Buffer.concat([length, body, crc])
  }
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])
  const idat = deflateSync(Buffer.from([0, 255, 0, 0]))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))])
}

const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00])
const webp = Uint8Array.from([...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 '), 0, 0, 0, 0])

describe('uploads', () => {
  it('recognises JPEG, PNG and WebP by their bytes', () => {
    expect(sniffImage(jpeg)).toBe('image/jpeg')
    expect(sniffImage(png())).toBe('image/png')
    expect(sniffImage(webp)).toBe('image/webp')
  })

  it('refuses what only pretends to be a picture: text, a PDF, a truncated PNG, an empty file', () => {
    for (const bytes of [Buffer.from('hello.jpg'), Buffer.from('%PDF-1.7\n'), png().slice(0, 10), new Uint8Array(0), Buffer.from('RIFF\0\0\0\0WAVEfmt ')]) {
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
})
