import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { LANGUAGES, NATIVE_NAMES, intlLocale, normalizeLanguage } from '../../i18n/languages'
import { switchLanguage } from '../../app/language'
import { useSiteTitle } from './queries'
import './login.css'

/** Welcome: what Tijori is, Log in / Register, and the language switch before anything else. */
export function WelcomeScreen() {
  const { t, i18n } = useLingui()
  const title = useSiteTitle()
  const current = normalizeLanguage(i18n.locale)
  return (
    <div className="welcome">
      <div className="welcome-hero">
        <img className="welcome-mark" src="/icons/icon-192.png" alt="" width="80" height="80" />
        <h1 className="welcome-title">{title}</h1>
        <p className="welcome-tagline"><Trans>Your investing safe for Indian markets</Trans></p>
        <ul className="welcome-points">
          <li><Trans>Shares, IPOs and more in one account</Trans></li>
          <li><Trans>Keeps working when the network drops</Trans></li>
          <li><Trans>Every rupee recorded in your ledger</Trans></li>
        </ul>
      </div>
      <div className="welcome-actions">
        <Link to="/login/login" className="btn btn--primary btn--block btn--large">
          <Trans>Log in</Trans>
        </Link>
        <Link to="/login/register" className="btn btn--outline btn--block btn--large">
          <Trans>Create an account</Trans>
        </Link>
        <div className="lang-chips" role="group" aria-label={t`Language`}>
          {LANGUAGES.map((code) => (
            <button
              key={code}
              type="button"
              lang={intlLocale(code)}
              className={code === current ? 'lang-chip lang-chip--on' : 'lang-chip'}
              aria-pressed={code === current}
              data-testid={`lang-option-${code}`}
              onClick={() => void switchLanguage(code)}
            >
              {NATIVE_NAMES[code]}
            </button>
          ))}
        </div>
      </div>
    </div>
  )
}
