/**
 * The sentences of the refusals only the inbox screens show (src/i18n/serverMessages.ts joins
 * them to the rest): they sit in this area's catalog, loaded with its screens.
 */
import { type Sentences } from '../../i18n/serverMessages'

export const inboxRefusals = {} satisfies Partial<Sentences>
