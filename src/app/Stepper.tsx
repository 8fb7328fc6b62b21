import { type ReactNode, useId, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { appliedBounds, canStep, formatStepperValue, parseStepperInput, stepValue, wasAdjusted, type StepperBounds } from '../lib/stepper'

/**
 * − [value] + with a typed entry. `value` is whole units (see lib/stepper.ts). While the user types,
 * the text is theirs; it is parsed, snapped and clamped when they leave the field or press Enter.
 */
export function Stepper({
  label,
  value,
  onValue,
  bounds,
  hint,
  error,
  testId,
  disabled,
}: {
  label: ReactNode
  value: number
  onValue: (value: number) => void
  bounds: StepperBounds
  hint?: ReactNode
  error?: string | null
  testId?: string
  disabled?: boolean
}) {
  const { t } = useLingui()
  const id = useId()
  const noteId = `${id}-note`
  const decimals = bounds.decimals ?? 0
  const [draft, setDraft] = useState<string | null>(null)
  // Set when what was typed had to change to fit the rule; the field then says what the rule is.
  const [adjusted, setAdjusted] = useState(false)
  const shown = draft ?? formatStepperValue(value, decimals)
  const applied = appliedBounds(bounds)
  const [minText, maxText, stepText] = [applied.min, applied.max, applied.step].map((v) => formatStepperValue(v, decimals))

  function commit() {
    if (draft === null) return
    const next = parseStepperInput(draft, bounds, value)
    setAdjusted(wasAdjusted(draft, next, bounds))
    onValue(next)
    setDraft(null)
  }

  function step(by: number) {
    setDraft(null)
    setAdjusted(false)
    onValue(stepValue(draft === null ? value : parseStepperInput(draft, bounds, value), by, bounds))
  }

  return (
    <div className={error ? 'field field--error' : 'field'} data-testid={testId}>
      <label className="field-label" htmlFor={id}>{label}</label>
      <div className="field-box stepper">
        <button
          type="button"
          className="stepper-btn"
          aria-label={t`Decrease`}
          data-testid={testId ? `${testId}-minus` : undefined}
          disabled={disabled || (draft === null && !canStep(value, -1, bounds))}
          onClick={() => step(-1)}
        >
          −
        </button>
        <input
          id={id}
          className="field-input stepper-input"
          inputMode={decimals > 0 ? 'decimal' : 'numeric'}
          value={shown}
          disabled={disabled}
          onChange={(event) => {
            setDraft(event.target.value)
            setAdjusted(false)
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              commit()
            } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
              event.preventDefault()
              step(event.key === 'ArrowUp' ? 1 : -1)
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint || adjusted ? noteId : undefined}
          data-testid={testId ? `${testId}-input` : undefined}
        />
        <button
          type="button"
          className="stepper-btn"
          aria-label={t`Increase`}
          data-testid={testId ? `${testId}-plus` : undefined}
          disabled={disabled || (draft === null && !canStep(value, 1, bounds))}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      {error ? (
        <p className="field-error" id={noteId} role="alert">{error}</p>
      ) : adjusted ? (
        <p className="field-hint field-hint--adjusted" id={noteId} role="status" data-testid={testId ? `${testId}-adjusted` : undefined}>
          {t`Adjusted to ${shown}: from ${minText} to ${maxText}, in steps of ${stepText}.`}
        </p>
      ) : hint ? (
        <p className="field-hint" id={noteId}>{hint}</p>
      ) : null}
    </div>
  )
}
