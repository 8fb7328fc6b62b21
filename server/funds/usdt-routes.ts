/**
 * The user's own USDT addresses (issue 4, /information/usdtAddress): one per network, checked per
 * network (server/funds/usdt-rules.ts), with an optional picture of the wallet's payment QR code that
 * the user uploaded first through /user/upload (kind payment_qr) and reads back through
 * /user/uploadData, which only its owner can. Thin: the checks are usdt-service.ts, the SQL usdt-repository.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { deleteUsdtAddress, usdtAddressesOf } from './usdt-repository'
import { setUsdtAddress } from './usdt-service'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, Id, IdempotencyHeaders, ShortText, replies } from '../http/schemas'
import { UsdtAddress, UsdtNetwork } from '../../src/contract/replies'

export const usdtRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, now, runIdempotent } = deps

  app.post(
    '/user/usdtAddress',
    {
      schema: {
        tags: ['funds'],
        summary: "The user's USDT addresses, one per network",
        body: EmptyObject,
        response: replies(Type.Object({ data: Type.Array(UsdtAddress) })),
      },
    },
    async (request) => ok({ data: await usdtAddressesOf(db, sessionOf(request).userId) }),
  )

  app.post(
    '/user/setUsdtAddress',
    {
      config: { idempotent: true },
      schema: {
        tags: ['funds'],
        summary: "Save the user's address on a network (replacing the one there), with an optional payment QR picture",
        description: 'Refusals: usdt_address_invalid {network}, upload_not_found {id} (not the user’s own payment_qr picture)',
        headers: IdempotencyHeaders,
        body: Type.Object({
          network: UsdtNetwork,
          address: ShortText(128),
          qrUploadId: Type.Optional(Type.Union([Id, Type.Null()])),
        }),
        response: replies(UsdtAddress),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => {
        const { network, address, qrUploadId = null } = request.body
        return commit(await setUsdtAddress(db, { userId: sessionOf(request).userId, network, address, qrUploadId, now: now() }))
      }),
  )

  app.post(
    '/user/delUsdtAddress',
    {
      config: { idempotent: true },
      schema: {
        tags: ['funds'],
        summary: "Remove the user's address on a network (nothing happens when there is none)",
        headers: IdempotencyHeaders,
        body: Type.Object({ network: UsdtNetwork }),
        response: replies(Type.Object({ removed: Type.Boolean() })),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => {
        const { userId } = sessionOf(request)
        return commit(async (trx) => ({ removed: await deleteUsdtAddress(trx, userId, request.body.network) }))
      }),
  )
}
