import { type ReactNode } from 'react'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { BackIcon } from './icons'

/**
 * Top bar of an inner screen: back one step (home when the app was opened on this screen). With
 * no title (the screen has its heading below) the bar holds no empty heading.
 */
export function BackBar({ title, right }: { title: ReactNode; right?: ReactNode }) {
  const { t } = useLingui()
  const back = useBack()
  return (
    <header className="top-bar">
      <button type="button" className="top-bar-back" onClick={back} aria-label={t`Back`}>
        <BackIcon />
      </button>
      {title === null ? <span /> : <h1 className="top-bar-title">{title}</h1>}
      <div className="top-bar-right">{right}</div>
    </header>
  )
}

/** Top bar of a bottom-bar screen: a title, no back button. */
export function TitleBar({ title, right }: { title: ReactNode; right?: ReactNode }) {
  return (
    <header className="top-bar top-bar--root">
      <h1 className="top-bar-title">{title}</h1>
      <div className="top-bar-right">{right}</div>
    </header>
  )
}

/** Where "back" leads when the app was opened on the screen itself (no step to go back to). */
export type BackFallback = '/home/index' | '/information/safety'

export function useBack(fallback: BackFallback = '/home/index'): () => void {
  const router = useRouter()
  const navigate = useNavigate()
  return () => {
    if (router.history.canGoBack()) router.history.back()
    else void navigate({ to: fallback, replace: true })
  }
}
