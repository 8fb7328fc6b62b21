import { useCallback } from 'react'
import { useLingui } from '@lingui/react/macro'
import { toast } from '../../app/toast'
import { errorText } from '../../app/errors'
import { toggleWatch } from './actions'

/** Stars and unstars a symbol, saying which happened (or why it could not) in a toast. */
export function useToggleWatch(): (symbol: string, watched: boolean) => void {
  const { t } = useLingui()
  return useCallback(
    (symbol: string, watched: boolean) => {
      toggleWatch(symbol, watched).then(
        () => toast(watched ? t`Removed ${symbol} from watchlist` : t`Added ${symbol} to watchlist`),
        (error: unknown) => toast.error(errorText(error)),
      )
    },
    [t],
  )
}
