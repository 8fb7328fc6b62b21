/**
 * What an uploaded picture (ID photos, transfer receipts, payment QR codes) must be (issue 4): a
 * real image, judged by its first bytes and never by its name or declared type, and at most
 * UPLOAD_MAX_BYTES. Only formats every phone camera and browser produce are taken.
 */
import { DomainRefusal } from './refusal'

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp'

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b)

/** The image type the bytes really are, or null when they are not one of the accepted images. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  // JPEG: SOI marker then another marker.
  if (bytes.length >= 4 && startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  // PNG: the 8-byte signature, then an IHDR chunk.
  if (bytes.length >= 16 && startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && startsWith(bytes, [0x49, 0x48, 0x44, 0x52], 12)) return 'image/png'
  // WebP: a RIFF container whose form type is WEBP.
  if (bytes.length >= 16 && startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  return null
}

/** The upload's type if it may be stored, else the refusal that names the rule. */
export function checkUpload(bytes: Uint8Array): ImageType | DomainRefusal {
  if (bytes.length > UPLOAD_MAX_BYTES) {
    return new DomainRefusal('upload_too_large', { max: UPLOAD_MAX_BYTES }, `A picture may be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`)
  }
  const type = sniffImage(bytes)
  if (type === null) return new DomainRefusal('upload_not_image', {}, 'The file is not a JPEG, PNG or WebP picture.')
  return type
}
