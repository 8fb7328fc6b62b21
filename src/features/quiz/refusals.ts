/**
 * The sentences of the refusals only the quiz screens show (src/i18n/serverMessages.ts joins
 * them to the rest): they sit in this area's catalog, loaded with its screens.
 */
import { msg } from '@lingui/core/macro'
import { type Sentences } from '../../i18n/serverMessages'

export const quizRefusals = {
  quiz_item_not_opened: () => msg`Open this lesson and read it before marking it as studied.`,
  quiz_study_too_short: ({ remaining }) =>
    remaining ? msg`Keep reading: this lesson counts as studied in ${remaining}.` : msg`Keep reading: this lesson has not been open long enough yet.`,
  quiz_not_studied: ({ missing }) =>
    missing ? msg`Study every lesson before the quiz: ${missing} still to go.` : msg`Study every lesson before the quiz.`,
  quiz_cooling_off: ({ until }) =>
    until ? msg`The last attempts did not pass. You can try the quiz again from ${until}.` : msg`The last attempts did not pass. Please wait before trying the quiz again.`,
  quiz_already_passed: () => msg`You have already passed the quiz: margin trading is enabled.`,
  quiz_attempt_not_found: () => msg`This quiz attempt was not found.`,
} satisfies Partial<Sentences>
