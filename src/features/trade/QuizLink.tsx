import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'

/** Where margin trading is earned: the knowledge quiz (what the `margin_trading_disabled` refusal points to). */
export function QuizLink() {
  return (
    <Link to="/information/faq" className="link" data-testid="order-quiz-link">
      <Trans>Take the knowledge quiz</Trans>
    </Link>
  )
}
