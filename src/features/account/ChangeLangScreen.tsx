import { Trans, useLingui } from '@lingui/react/macro'
import { toast } from '../../app/toast'
import { LANGUAGES, NATIVE_NAMES, intlLocale, normalizeLanguage, type Language } from '../../i18n/languages'
import { i18n as globalI18n } from '../../i18n/setup'
import { msg } from '@lingui/core/macro'
import { BackBar } from '../../app/BackBar'
import { CheckIcon } from '../../app/icons'
import { switchLanguage } from './actions'
import './account.css'

/** The four languages, each named in itself; the choice applies at once and is kept. */
export function ChangeLangScreen() {
  const { t, i18n } = useLingui()
  const current = normalizeLanguage(i18n.locale)

  async function choose(code: Language) {
    if (code === current) return
    await switchLanguage(code)
    // Said in the language just chosen.
    toast.success(globalI18n._(msg`Language changed`))
  }

  return (
    <div className="account">
      <BackBar title={<Trans>Language</Trans>} />
      <div className="page">
        {/* A group of radios, not a list: a radio group's children are its radios. */}
        <div className="menu" role="radiogroup" aria-label={t`Language`}>
          {LANGUAGES.map((code) => (
            <div key={code} className="menu-item">
              <button
                type="button"
                role="radio"
                aria-checked={code === current}
                className="menu-link"
                data-testid={`lang-option-${code}`}
                lang={intlLocale(code)}
                onClick={() => void choose(code)}
              >
                <span className="menu-link-text">{NATIVE_NAMES[code]}</span>
                {code === current ? <CheckIcon className="lang-check" /> : null}
              </button>
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}
