import { createFileRoute } from '@tanstack/react-router'
import { loadArea } from '../../i18n/setup'
import { SupportScreen } from '../../features/support/SupportScreen'

/** thread: open that thread (the inbox's link); topic and account: the guest form as the login screen opened it. */
type Search = { thread?: number; topic?: 'login_banned' | 'password_reset'; account?: string }

// No requireSession: someone who cannot sign in writes here as a guest.
export const Route = createFileRoute('/home/kefuCenter')({
  validateSearch: (search: Record<string, unknown>): Search => {
    const out: Search = {}
    const thread = Number(search.thread)
    if (Number.isSafeInteger(thread) && thread > 0) out.thread = thread
    if (search.topic === 'login_banned' || search.topic === 'password_reset') out.topic = search.topic
    if (typeof search.account === 'string' && /^\d{10}$/.test(search.account)) out.account = search.account
    return out
  },
  loader: () => loadArea('support'),
  component: SupportScreen,
})
