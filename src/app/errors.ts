import { msg } from '@lingui/core/macro'
import { ApiRefusal, NetworkError } from '../data/api'
import { i18n } from '../i18n/setup'
import { translateRefusal } from '../i18n/serverMessages'

/** A failed call in the reader's language: the refusal by its code, or what kept it from the server. */
export function errorText(error: unknown): string {
  if (error instanceof ApiRefusal) return translateRefusal(error)
  if (error instanceof NetworkError) return i18n._(msg`Cannot reach the server. Check your connection and try again.`)
  return i18n._(msg`Something went wrong. Please try again.`)
}

/** The refusal code of a failed call, if the server (or a client-side check) refused it. */
export function refusalCode(error: unknown): string | null {
  return error instanceof ApiRefusal ? error.code : null
}
