/**
 * Customer service, the user's side (issue 13): a signed-in user's threads, and a guest's thread
 * for someone who cannot sign in (login banned, forgotten password; public routes, limited per
 * address). Thin: the operations are server/support/service.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, Id, IdempotencyHeaders, PasswordText, ShortText, replies } from '../http/schemas'
import { SupportGuestCreated, SupportMessage, SupportThread, SupportThreadDetail, SupportThreads, SupportUnread } from '../../src/contract/replies'
import { BODY_MAX, MAX_IMAGES } from './rules'
import {
  closeThread,
  createGuestThread,
  createThread,
  guestResetPassword,
  guestSend,
  guestThreadDetail,
  readThread,
  sendMessage,
  threadOfUser,
  threadsOfUser,
} from './service'

/** 1 to 2000 characters; the service also refuses one of only spaces (400 {field: body}). */
const Body = Type.String({ minLength: 1, maxLength: BODY_MAX * 2, pattern: '^[^\\u0000]*$', description: `1 to ${BODY_MAX} characters` })
const UploadIds = Type.Optional(
  Type.Array(Id, { maxItems: MAX_IMAGES, uniqueItems: true, description: `at most ${MAX_IMAGES} of the caller's own pictures uploaded with kind 'support'` }),
)
const GuestKey = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'the key /support/guest/create gave' })

export const supportRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { runIdempotent, now } = deps

  app.post(
    '/support/threads',
    {
      schema: {
        tags: ['customer service'],
        summary: "The user's threads, latest activity first, each with its last message and unread replies, and the unread replies over all",
        body: EmptyObject,
        response: replies(SupportThreads),
      },
    },
    async (request) => ok(await threadsOfUser(deps, sessionOf(request).userId)),
  )

  app.post(
    '/support/thread',
    {
      schema: {
        tags: ['customer service'],
        summary: 'One of the user’s threads with its messages, oldest first (reading it does not mark it read: /support/read)',
        description: 'Refusals: support_thread_not_found {id} (also for another user’s thread)',
        body: Type.Object({ id: Id }),
        response: replies(SupportThreadDetail),
      },
    },
    async (request) => ok(await threadOfUser(deps, sessionOf(request).userId, request.body.id)),
  )

  app.post(
    '/support/create',
    {
      config: { idempotent: true },
      schema: {
        tags: ['customer service'],
        summary: 'A new thread with its first message, general or a complaint, with up to 3 pictures',
        description: 'Refusals: upload_not_found {id} (not the caller’s own support picture). 400 {field: body} for an empty or too long message.',
        headers: IdempotencyHeaders,
        body: Type.Object({ topic: Type.Union([Type.Literal('general'), Type.Literal('complaint')]), body: Body, uploadIds: UploadIds }),
        response: replies(SupportThread),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) =>
        commit(await createThread(deps, { userId: sessionOf(request).userId, topic: request.body.topic, body: request.body.body, uploadIds: request.body.uploadIds ?? [], now: now() })),
      ),
  )

  app.post(
    '/support/send',
    {
      config: { idempotent: true },
      schema: {
        tags: ['customer service'],
        summary: 'A message on one of the user’s threads; the thread waits for an operator again',
        description: 'Refusals: support_thread_not_found {id}, support_thread_closed {id}, upload_not_found {id}. 400 {field: body}.',
        headers: IdempotencyHeaders,
        body: Type.Object({ threadId: Id, body: Body, uploadIds: UploadIds }),
        response: replies(SupportMessage),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) =>
        commit(await sendMessage(deps, { userId: sessionOf(request).userId, threadId: request.body.threadId, body: request.body.body, uploadIds: request.body.uploadIds ?? [], now: now() })),
      ),
  )

  app.post(
    '/support/read',
    {
      config: { idempotent: true },
      schema: {
        tags: ['customer service'],
        summary: 'Marks the operator replies of one thread read; the unread replies left over all threads',
        description: 'Refusals: support_thread_not_found {id}',
        headers: IdempotencyHeaders,
        body: Type.Object({ threadId: Id }),
        response: replies(SupportUnread),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(await readThread(deps, { userId: sessionOf(request).userId, threadId: request.body.threadId }))),
  )

  app.post(
    '/support/close',
    {
      config: { idempotent: true },
      schema: {
        tags: ['customer service'],
        summary: 'Closes one of the user’s threads (no more messages; a new thread for more help)',
        description: 'Refusals: support_thread_not_found {id}',
        headers: IdempotencyHeaders,
        body: Type.Object({ threadId: Id }),
        response: replies(SupportThread),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => commit(await closeThread(deps, { userId: sessionOf(request).userId, threadId: request.body.threadId, now: now() }))),
  )

  // --- Guests (public: PUBLIC_ROUTES) ---

  app.post(
    '/support/guest/create',
    {
      schema: {
        tags: ['customer service'],
        summary:
          'A thread for someone who cannot sign in, about an account number: login_banned, or password_reset with the verified name and PAN. The reply is the same whether the account exists or the identity matched. Not idempotent: the reply holds the key, which the server keeps only hashed.',
        description:
          'Refusals: account_invalid. 400 {field: body | name | pan} (name and pan are required for password_reset). 429 too_many_attempts {retryAfter,limit,windowSeconds} past support_guest_per_hour new threads from one address in an hour.',
        body: Type.Object({
          account: ShortText(20),
          topic: Type.Union([Type.Literal('login_banned'), Type.Literal('password_reset')]),
          body: Body,
          name: Type.Optional(ShortText(100)),
          pan: Type.Optional(ShortText(20)),
        }),
        response: replies(SupportGuestCreated),
      },
    },
    async (request) => ok(await createGuestThread(deps, { ...request.body, clientIp: request.ip, now: now() })),
  )

  const GuestProof = { threadId: Id, guestKey: GuestKey }
  const guestDescription =
    'Refusals: support_thread_not_found {id} (also for a wrong key). 429 too_many_attempts {retryAfter,limit,windowSeconds}: wrong keys from one address are limited like passwords checked in a session.'

  app.post(
    '/support/guest/thread',
    {
      schema: {
        tags: ['customer service'],
        summary: 'The guest’s thread with its messages, oldest first, proved by its key; its replies are now read',
        description: guestDescription,
        body: Type.Object(GuestProof),
        response: replies(SupportThreadDetail),
      },
    },
    async (request) => ok(await guestThreadDetail(deps, { ...request.body, clientIp: request.ip, now: now() })),
  )

  app.post(
    '/support/guest/send',
    {
      config: { idempotent: true },
      schema: {
        tags: ['customer service'],
        summary: 'A message on the guest’s thread, proved by its key',
        description: `${guestDescription} support_thread_closed {id}. 400 {field: body}.`,
        headers: IdempotencyHeaders,
        body: Type.Object({ ...GuestProof, body: Body }),
        response: replies(SupportMessage),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(await guestSend(deps, { ...request.body, clientIp: request.ip, now: now() }))),
  )

  app.post(
    '/support/guest/resetPassword',
    {
      config: { idempotent: true },
      schema: {
        tags: ['customer service'],
        summary:
          'Sets a new password for the account of a password-reset thread, once, while an operator’s grant lasts; every session of the account ends and the thread closes (audited as system)',
        description: `${guestDescription} support_reset_not_granted (no live grant, or already used), password_length {min,max}, password_mismatch.`,
        headers: IdempotencyHeaders,
        body: Type.Object({ ...GuestProof, password: PasswordText, confirmPassword: PasswordText }),
        response: replies(SupportThread),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(await guestResetPassword(deps, { ...request.body, clientIp: request.ip, now: now() }))),
  )
}
