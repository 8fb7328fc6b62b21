/**
 * The sentences of the refusals only the quiz screens show (src/i18n/serverMessages.ts joins
 * them to the rest): they sit in this area's catalog, loaded with its screens.
 */
import { type Sentences } from '../../i18n/serverMessages'

export const quizRefusals = {} satisfies Partial<Sentences>
