/**
 * Identity and bank cards (issue 4): private picture uploads, the real-name submission and its
 * status, and the user's bank cards. Thin: each handler parses, calls server/identity/service.ts
 * (the rules are rules.ts and uploads.ts, the SQL repository.ts), and answers. Every read is
 * scoped to the signed-in user.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_EDGE } from './uploads'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { bankCardsOf } from './repository'
import { addBankCard, realNameInfo, storeUpload, submitRealName, uploadOf } from './service'
import { BankCard, RealNameInfo, RealNameSubmission, Upload, UploadData, UploadKind } from '../../src/contract/replies'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, Id, IdempotencyHeaders, ShortText, replies } from '../http/schemas'

/** Base64 of at most UPLOAD_MAX_BYTES, with room for one byte more so an oversized file gets its refusal. */
const BASE64_MAX = Math.ceil((UPLOAD_MAX_BYTES + 1) / 3) * 4

export const identityRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, now, runIdempotent } = deps

  app.post(
    '/user/upload',
    {
      // Base64 of a 5 MB picture and the JSON around it.
      bodyLimit: BASE64_MAX + 4096,
      config: { idempotent: true },
      schema: {
        tags: ['identity'],
        summary: 'Upload a private picture (JPEG, PNG or WebP, judged by its bytes; at most 5 MB) as base64',
        description:
          `The picture is decoded and stored re-encoded in its own format, upright, without metadata (EXIF, GPS, XMP, ICC) and at most ${UPLOAD_MAX_EDGE} px on its longest edge. ` +
          'Refusals: upload_not_image (also for a file that does not decode), upload_too_large {max} (bytes), upload_too_many_pixels {max} (pixels)',
        headers: IdempotencyHeaders,
        body: Type.Object({ kind: UploadKind, data: Type.String({ maxLength: BASE64_MAX, pattern: '^[A-Za-z0-9+/=\\s]*$' }) }),
        response: replies(Upload),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => {
        const bytes = new Uint8Array(Buffer.from(request.body.data, 'base64'))
        return commit(await storeUpload({ userId: sessionOf(request).userId, kind: request.body.kind, bytes, now: now() }))
      }),
  )

  app.post(
    '/user/uploadData',
    {
      schema: {
        tags: ['identity'],
        summary: "One of the user's own pictures, as base64",
        description: 'Refusals: upload_not_found {id} (also for another user’s picture)',
        body: Type.Object({ id: Id }),
        response: replies(UploadData),
      },
    },
    async (request) => {
      const { bytes, ...meta } = await uploadOf(db, sessionOf(request).userId, request.body.id)
      return ok({ ...meta, data: Buffer.from(bytes).toString('base64') })
    },
  )

  app.post(
    '/user/realName',
    {
      config: { idempotent: true },
      schema: {
        tags: ['identity'],
        summary: 'Send name, ID number, PAN and the two ID photos for review',
        description:
          'Refusals: real_name_under_review, real_name_verified, name_invalid {max}, id_number_invalid, pan_invalid, upload_not_found {id}',
        headers: IdempotencyHeaders,
        body: Type.Object({
          name: ShortText(200),
          idNumber: ShortText(64),
          pan: ShortText(16),
          frontId: Id,
          backId: Id,
        }),
        response: replies(RealNameSubmission),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => commit(await submitRealName(db, { ...request.body, userId: sessionOf(request).userId, now: now() }))),
  )

  app.post(
    '/user/realNameInfo',
    {
      schema: {
        tags: ['identity'],
        summary: "The identity's status (none, pending, verified, failed) with the reviewer's reason and the latest submission",
        body: EmptyObject,
        response: replies(RealNameInfo),
      },
    },
    async (request) => ok(await realNameInfo(db, sessionOf(request).userId)),
  )

  app.post(
    '/user/bankList',
    {
      schema: { tags: ['identity'], summary: "The user's bank cards, oldest first", body: EmptyObject, response: replies(Type.Object({ data: Type.Array(BankCard) })) },
    },
    async (request) => ok({ data: await bankCardsOf(db, sessionOf(request).userId) }),
  )

  app.post(
    '/user/addBankCard',
    {
      config: { idempotent: true },
      schema: {
        tags: ['identity'],
        summary: 'Add a bank card: the holder must be the verified name',
        description: 'Refusals: real_name_required {status}, card_holder_mismatch, ifsc_invalid, bank_account_invalid, bank_required, card_duplicate',
        headers: IdempotencyHeaders,
        body: Type.Object({ holder: ShortText(200), accountNumber: ShortText(32), ifsc: ShortText(16), bank: ShortText(100), branch: ShortText(200) }),
        response: replies(BankCard),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => commit(await addBankCard(db, { ...request.body, userId: sessionOf(request).userId, now: now() }))),
  )
}
