import { type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { ChevronIcon } from '../../app/icons'

type MenuTo =
  | '/information/setting'
  | '/information/changeLang'
  | '/information/loginPass'
  | '/information/aboutUs'
  | '/information/aboutInfo'
  | '/information/agreement'
  | '/information/fundRecord'
  | '/information/authInfo'
  | '/information/bankList'
  | '/information/fundPass'
  | '/information/cashOut'
  | '/information/safety'
  | '/information/userInfo'
  | '/information/usdtAddress'
  | '/information/exChange'
  | '/information/recharge'
  | '/information/dividends'
  | '/information/loan'
  | '/information/jkjl'
  | '/information/msgInfo'
  | '/market/vip'
  | '/information/faq'
  | '/home/kefuCenter'
  | '/information/pj'

export function MenuLink({ to, value, badge, children }: { to: MenuTo; value?: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <li className="menu-item">
      <Link to={to} className="menu-link">
        <span className="menu-link-text">{children}{badge}</span>
        {value ? <span className="menu-link-value">{value}</span> : null}
        <ChevronIcon className="menu-chevron" />
      </Link>
    </li>
  )
}

/** Who we are, the app, and its terms: the same menu on the account and settings screens. */
export function AboutMenu() {
  return (
    <ul className="menu">
      <MenuLink to="/information/aboutUs"><Trans>About us</Trans></MenuLink>
      <MenuLink to="/information/aboutInfo"><Trans>About the app</Trans></MenuLink>
      <MenuLink to="/information/agreement"><Trans>User agreement and privacy</Trans></MenuLink>
    </ul>
  )
}
