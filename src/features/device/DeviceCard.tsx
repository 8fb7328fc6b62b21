import { useEffect, useState, useSyncExternalStore } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { installState, promptInstall, subscribeInstall } from '../../app/install'
import { requestPersistentStorage, storageStatus, type StorageStatus } from '../../data/storage'
import { intlLocale, normalizeLanguage } from '../../i18n/languages'
import './device.css'

/**
 * This device: what Tijori keeps on it (and whether the browser may clear it when space runs
 * low), and installing the app where the browser offers it.
 */
export function DeviceCard() {
  const { i18n } = useLingui()
  // Whether the browser offers installing now (the button shows only then).
  const offer = useSyncExternalStore(subscribeInstall, () => installState().offer !== null, () => false)
  const [status, setStatus] = useState<StorageStatus | null | undefined>(undefined)
  useEffect(() => {
    let live = true
    void storageStatus().then((s) => live && setStatus(s))
    return () => {
      live = false
    }
  }, [])

  async function keep() {
    await requestPersistentStorage()
    setStatus(await storageStatus())
  }

  if (!status && !offer) return null
  const locale = intlLocale(normalizeLanguage(i18n.locale))
  const used = status ? megabytes(status.usage, locale) : ''
  const allowed = status ? megabytes(status.quota, locale) : ''
  return (
    <section className="card device-card" data-testid="device-card">
      {status ? (
        <p data-testid="storage-usage" data-persisted={status.persisted} data-usage={status.usage}>
          <Trans>This device keeps {used} of Tijori's data (the browser allows {allowed}).</Trans>{' '}
          {status.persisted ? (
            <Trans>It is kept even when space runs low.</Trans>
          ) : (
            <Trans>The browser may clear it when space runs low.</Trans>
          )}
        </p>
      ) : null}
      {status && !status.persisted ? (
        <button type="button" className="btn btn--small btn--outline" onClick={() => void keep()} data-testid="storage-keep">
          <Trans>Keep it</Trans>
        </button>
      ) : null}
      {offer ? (
        <button type="button" className="btn btn--primary btn--block" onClick={() => void promptInstall()} data-testid="install-app">
          <Trans>Install app</Trans>
        </button>
      ) : null}
    </section>
  )
}

function megabytes(bytes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1_000_000)
}
