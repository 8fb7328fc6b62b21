/**
 * What an uploaded picture (ID photos, transfer receipts, payment QR codes) must be (issues 4, 8): a
 * real JPEG, PNG or WebP, judged by its bytes and never by its name or declared type, at most
 * UPLOAD_MAX_BYTES and UPLOAD_MAX_PIXELS. What is stored is never the bytes that were sent: the
 * picture is decoded and encoded again (storedPicture), so anything hidden behind or inside a valid
 * header is not kept, a file that does not decode is refused, the EXIF orientation is applied and
 * then every piece of metadata (EXIF with a photo's GPS position, XMP, ICC) is dropped, and a large
 * photo is scaled down to UPLOAD_MAX_EDGE.
 */
import sharp, { type Metadata } from 'sharp'
import { DomainRefusal } from '../http/refusal'

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024

/**
 * Pixels a picture may declare. Decoding costs memory by pixels, not bytes, and a few kilobytes of
 * PNG can declare 20000x20000: the header is checked before any pixel is decoded. 64 MP lets every
 * 48 and 50 MP phone photo through (the largest, 8192x6144, is 50.3 MP).
 */
export const UPLOAD_MAX_PIXELS = 64_000_000

/** The longest edge of a stored picture: an ID card, a receipt screenshot and a QR code stay readable, a 48 MP photo shrinks to ~1/10 of its pixels. */
export const UPLOAD_MAX_EDGE = 2560

/** Decodes of uploads running at once; the rest wait, so uploads never hold every worker of Node's thread pool (file reads, compression). */
const DECODES_AT_ONCE = 2

// One libvips thread per picture, so one upload cannot take every core; no operation cache, as
// every upload is a new picture and the cache would only hold memory.
sharp.concurrency(1)
sharp.cache(false)

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp'

/** What is stored for an upload: the re-encoded bytes and the type they really are. */
export type StoredPicture = { contentType: ImageType; bytes: Uint8Array; width: number; height: number }

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b)

/** The image type the bytes claim to be by their first bytes, or null when they are not one of the accepted images. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  // JPEG: SOI marker then another marker.
  if (bytes.length >= 4 && startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  // PNG: the 8-byte signature, then an IHDR chunk.
  if (bytes.length >= 16 && startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && startsWith(bytes, [0x49, 0x48, 0x44, 0x52], 12)) return 'image/png'
  // WebP: a RIFF container whose form type is WEBP.
  if (bytes.length >= 16 && startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  return null
}

const notImage = () => new DomainRefusal('upload_not_image', {}, 'The file is not a JPEG, PNG or WebP picture.')

/**
 * The cheap first gate, before any decoder sees the bytes: the size, and a type by the first bytes
 * (so SVG, GIF, TIFF, HEIC or PDF, which the library could also open, never reach it).
 */
export function checkUpload(bytes: Uint8Array): ImageType | DomainRefusal {
  if (bytes.length > UPLOAD_MAX_BYTES) {
    return new DomainRefusal('upload_too_large', { max: UPLOAD_MAX_BYTES }, `A picture may be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`)
  }
  return sniffImage(bytes) ?? notImage()
}

/** The refusal for a picture of more than UPLOAD_MAX_PIXELS, or null. Pure: the dimensions come from the file's header. */
export function checkPixels(width: number, height: number): DomainRefusal | null {
  if (width * height <= UPLOAD_MAX_PIXELS) return null
  return new DomainRefusal('upload_too_many_pixels', { max: UPLOAD_MAX_PIXELS }, `A picture may have at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels.`)
}

const FORMAT_OF: Record<ImageType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' }

/**
 * The picture to store for an upload, or the refusal. The format is kept: a photo stays JPEG (or
 * WebP) and a PNG stays PNG, lossless, so a QR code stays sharp. CPU work: call it before opening
 * a transaction.
 */
export async function storedPicture(bytes: Uint8Array): Promise<StoredPicture | DomainRefusal> {
  const type = checkUpload(bytes)
  if (type instanceof DomainRefusal) return type
  return inTurn(() => reencode(bytes, type))
}

async function reencode(bytes: Uint8Array, type: ImageType): Promise<StoredPicture | DomainRefusal> {
  // 'error' refuses broken and truncated data; a mere decoder warning (extraneous bytes before a
  // marker, which some phone cameras write) does not turn a real photo away, and nothing of the
  // input but its pixels is kept anyway.
  const input = { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS } as const
  let header: Metadata
  try {
    // Reads the header only: a bomb is refused here without a pixel decoded.
    header = await sharp(bytes, { ...input, limitInputPixels: false }).metadata()
  } catch {
    return notImage()
  }
  if (header.format !== FORMAT_OF[type]) return notImage()
  const tooMany = checkPixels(header.width, header.height)
  if (tooMany) return tooMany
  const image = sharp(bytes, { ...input, autoOrient: true }).resize({ width: UPLOAD_MAX_EDGE, height: UPLOAD_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
  // No keepMetadata/withMetadata: the output carries no EXIF, XMP or ICC (colours are converted to sRGB).
  const encoded = type === 'image/jpeg' ? image.jpeg({ quality: 85 }) : type === 'image/png' ? image.png() : image.webp({ quality: 85 })
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    return { contentType: type, bytes: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height }
  } catch {
    return notImage()
  }
}

let running = 0
const waiting: (() => void)[] = []

/** Runs `work` when fewer than DECODES_AT_ONCE decodes are running. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= DECODES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve))
  else running++
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}
