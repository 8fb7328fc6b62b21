import { type ReactNode } from 'react'
import { BackBar } from '../../app/BackBar'
import './login.css'

/** Frame of the login forms: a green band with the mark and a heading, the form on a card. */
export function AuthLayout({ title, subtitle, back, children }: { title: ReactNode; subtitle?: ReactNode; back?: boolean; children: ReactNode }) {
  return (
    <div className="auth">
      {back ? <BackBar title={null} /> : null}
      <div className="auth-band">
        <img className="auth-mark" src="/icons/icon-192.png" alt="" width="56" height="56" />
        <h1 className="auth-title">{title}</h1>
        {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
      </div>
      <div className="auth-card">{children}</div>
    </div>
  )
}
