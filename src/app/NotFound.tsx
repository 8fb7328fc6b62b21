import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { BackBar } from './BackBar'

export function NotFound() {
  return (
    <>
      <BackBar title={<Trans>Not found</Trans>} />
      <div className="page empty-state">
        <p><Trans>This screen does not exist.</Trans></p>
        <Link to="/home/index" className="btn btn--primary"><Trans>Go to home</Trans></Link>
      </div>
    </>
  )
}
