/**
 * Real pictures for the tests that upload: the server decodes every upload and stores it re-encoded
 * (server/identity/uploads.ts), so a header alone no longer passes. PNGs are built here from their
 * chunks (synchronous, no files); JPEG and WebP come from sharp where a test needs them.
 */
import { crc32, deflateSync } from 'node:zlib'
import sharp, { type Sharp } from 'sharp'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

function ihdr(width: number, height: number, bitDepth: number, colourType: number): Buffer {
  const data = Buffer.alloc(13)
  data.writeUInt32BE(width, 0)
  data.writeUInt32BE(height, 4)
  data[8] = bitDepth
  data[9] = colourType
  return chunk('IHDR', data)
}

/** PNG chunks around `idat` (already compressed, or any bytes to make a broken picture). */
export function pngFile(width: number, height: number, bitDepth: number, colourType: number, idat: Buffer): Buffer {
  return Buffer.concat([SIGNATURE, ihdr(width, height, bitDepth, colourType), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))])
}

/**
 * A valid PNG of one colour, 2x2 unless told. `seed` picks the colour (its low 24 bits), so
 * pictures with different seeds stay different after the server re-encodes them.
 */
export function png(seed = 0, width = 2, height = 2): Buffer {
  const pixel = [seed & 0xff, (seed >> 8) & 0xff, (seed >> 16) & 0xff]
  const row = Buffer.from([0, ...Array.from({ length: width }, () => pixel).flat()])
  return pngFile(width, height, 8, 2, deflateSync(Buffer.concat(Array.from({ length: height }, () => row))))
}

/** A small real PNG for tests that only need some picture. */
export const PNG = png(0x2050c0)

/** A real 8x8 JPEG (sharp, quality 70) for tests that need a photo. */
export const JPEG = Buffer.from(
  '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/ALACpM//2Q==',
  'base64',
)

/**
 * A decompression bomb: a valid PNG declaring width x height black 1-bit pixels. 20000x20000 is
 * 400 megapixels (over a gigabyte once decoded to RGB) in about 50 KB of file.
 */
export function pngBomb(width: number, height: number): Buffer {
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)))
  return pngFile(width, height, 1, 0, deflateSync(rows))
}

/** The first bytes of a PNG: the signature and the start of an IHDR declaring 1x1, and nothing after. */
export const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])

/** A one-colour picture of any size, to encode as the test needs (.jpeg(), .webp()...). */
export const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })

/**
 * A phone photo as a camera writes it: EXIF with a GPS position (Bengaluru) and Orientation 6
 * (turn 90° clockwise to view), an XMP packet and an ICC profile, all of which the server must drop.
 */
export function cameraJpeg(picture: Sharp): Promise<Buffer> {
  return picture
    .jpeg()
    .withExif({ IFD0: { Make: 'Phone', Model: 'Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .withIccProfile('p3')
    .toBuffer()
}
