import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useDownload } from '../../app/useDownload'
import { useOnline } from '../../app/useOnline'
import { exportCsv, exportMyData } from './actions'

/**
 * The right of access: everything the server keeps about the account as one JSON file, and the
 * ledger and the orders as CSV for a spreadsheet (the same files as on the fund records screen).
 * Each is made on request, so the network is needed.
 */
export function DataExportCard() {
  const online = useOnline()
  const { busy, download } = useDownload<'json' | 'ledger' | 'orders'>((what) => (what === 'json' ? exportMyData() : exportCsv(what)))

  return (
    <section className="card privacy-card" data-testid="privacy-export">
      <h2 className="section-title"><Trans>Download my data</Trans></h2>
      <p className="muted"><Trans>One file with everything we keep about you: your profile, identity record, cards and addresses, ledger, orders, applications, investments, loans, messages and sign-ins. Pictures are listed, not included.</Trans></p>
      {!online ? <p className="form-error" role="status"><Trans>Downloading needs the internet.</Trans></p> : null}
      <button type="button" className="btn btn--primary btn--block" disabled={!online || busy !== null} onClick={() => void download('json')} data-testid="privacy-export-json">
        {busy === 'json' ? <Trans>Preparing…</Trans> : <Trans>Download all my data (JSON)</Trans>}
      </button>
      <div className="privacy-buttons">
        <button type="button" className="btn btn--outline" disabled={!online || busy !== null} onClick={() => void download('ledger')} data-testid="privacy-export-ledger">
          {busy === 'ledger' ? <Trans>Preparing…</Trans> : <Trans>Ledger (CSV)</Trans>}
        </button>
        <button type="button" className="btn btn--outline" disabled={!online || busy !== null} onClick={() => void download('orders')} data-testid="privacy-export-orders">
          {busy === 'orders' ? <Trans>Preparing…</Trans> : <Trans>Orders (CSV)</Trans>}
        </button>
      </div>
      <p className="muted"><Link to="/information/fundRecord" className="link"><Trans>See your fund records</Trans></Link></p>
    </section>
  )
}
