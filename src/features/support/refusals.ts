/**
 * The sentences of the refusals only the support screens show (src/i18n/serverMessages.ts joins
 * them to the rest): they sit in this area's catalog, loaded with its screens.
 */
import { msg } from '@lingui/core/macro'
import { type Sentences } from '../../i18n/serverMessages'

export const supportRefusals = {
  support_thread_not_found: () => msg`This conversation was not found. Start a new message to customer service.`,
  support_thread_closed: () => msg`This conversation is closed. Start a new message if you need more help.`,
  support_reset_not_granted: () =>
    msg`Customer service has not allowed a password reset on this conversation, or the permission has expired or was already used.`,
  support_reset_not_allowed: () => msg`A password reset can only be allowed on a reset request whose name and PAN match the verified record.`,
} satisfies Partial<Sentences>
