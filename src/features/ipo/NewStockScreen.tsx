import { Trans, useLingui } from '@lingui/react/macro'
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Link } from '@tanstack/react-router'
import { BackBar } from '../../app/BackBar'
import { useLoading } from '../../app/useLoading'
import { useNow } from '../../app/useNow'
import { type IpoKind } from '../../data/ipo'
import { formatDateTime } from '../../lib/dates'
import { refreshIssues } from './actions'
import { IssueCard } from './IssueCard'
import { useIssues, useIssuesSynced } from './queries'
import { IPO_TABS, type IpoTab, stageAt, tabOf } from './rules'
import './ipo.css'

const TAB_NAMES: Record<IpoTab, MessageDescriptor> = {
  upcoming: msg`Upcoming`,
  open: msg`Open`,
  closed: msg`Closed`,
  listed: msg`Listed`,
}

/**
 * /home/newStock (IPOs) and /home/newStockps (placements): the issues of one kind in tabs by
 * stage, each with its rules, timeline, subscription so far and odds. From Dexie, offline too;
 * the stage moves on with the clock while the screen is open.
 */
export function NewStockScreen({ kind, tab }: { kind: IpoKind; tab: IpoTab }) {
  const { t, i18n } = useLingui()
  const now = useNow(5_000)
  const issues = useIssues(kind)
  const synced = useIssuesSynced(kind)
  const loading = useLoading(() => refreshIssues(kind), kind)
  const when = synced ? formatDateTime(synced) : null
  const shown = issues?.filter((issue) => tabOf(stageAt(issue, now)) === tab)
  const to = kind === 'placement' ? '/home/newStockps' : '/home/newStock'
  return (
    <div className="ipo">
      <BackBar title={kind === 'placement' ? <Trans>Placements</Trans> : <Trans>New shares</Trans>} />
      <nav className="tabs" aria-label={t`Stages`}>
        {IPO_TABS.map((name) => (
          <Link
            key={name}
            to={to}
            search={name === 'open' ? {} : { tab: name }}
            replace
            className={name === tab ? 'tab tab--on' : 'tab'}
            aria-current={name === tab ? 'page' : undefined}
            data-testid={`ipo-tab-${name}`}
          >
            {i18n._(TAB_NAMES[name])}
          </Link>
        ))}
      </nav>
      <p className="list-updated" role="status">
        {when ? <Trans>Last updated {when}</Trans> : loading ? <Trans>Loading…</Trans> : <Trans>Not updated yet</Trans>}
      </p>
      <div className="page">
        <p className="ipo-links">
          <Link to="/home/newStockRecord" className="link" data-testid="ipo-records-link"><Trans>My applications</Trans></Link>
          {kind === 'ipo' ? (
            <Link to="/home/newStockps" className="link"><Trans>Placements</Trans></Link>
          ) : (
            <Link to="/home/newStock" className="link"><Trans>New shares (IPO)</Trans></Link>
          )}
        </p>
        {shown === undefined || (issues === null && loading) ? (
          <div className="card" aria-busy="true"><span className="skeleton skeleton--title" /><span className="skeleton skeleton--line" /></div>
        ) : issues === null ? (
          <div className="card empty-state"><p><Trans>The issues show here once the app has been online.</Trans></p></div>
        ) : shown.length === 0 ? (
          <div className="card empty-state" data-testid="ipo-empty"><p><Trans>No issues here right now.</Trans></p></div>
        ) : (
          shown.map((issue) => <IssueCard key={issue.id} issue={issue} now={now} />)
        )}
      </div>
    </div>
  )
}
