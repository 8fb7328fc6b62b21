import { type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { ChevronIcon } from '../../app/icons'

type MenuTo =
  | '/information/setting'
  | '/information/changeLang'
  | '/information/loginPass'
  | '/information/aboutUs'
  | '/information/aboutInfo'
  | '/information/agreement'

export function MenuLink({ to, value, children }: { to: MenuTo; value?: string; children: ReactNode }) {
  return (
    <li className="menu-item">
      <Link to={to} className="menu-link">
        <span className="menu-link-text">{children}</span>
        {value ? <span className="menu-link-value">{value}</span> : null}
        <ChevronIcon className="menu-chevron" />
      </Link>
    </li>
  )
}
