/**
 * The number stepper behind the order form's lots and limit price. Values are WHOLE numbers of
 * the smallest unit (a lot; a paisa or 1/10,000 rupee of price); `decimals` only says how many of
 * those digits are shown after the point. So a step never adds 0.1 + 0.2 in floating point, and a
 * price typed as "123.45" becomes 12345 exactly.
 *
 * Every function returns a whole number inside the bounds, on the step's grid; never NaN.
 */
export type StepperBounds = {
  /** Smallest value, in units (default 1: a stepper for counts starts at one). */
  min?: number
  /** Largest value, in units (default: none). */
  max?: number
  /** Units per step (default 1); values snap to its multiples. */
  step?: number
  /** Digits shown after the point (default 0). */
  decimals?: number
}

type Resolved = { min: number; max: number; step: number; decimals: number }

function whole(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) ? Math.round(value) : fallback
}

function resolve(bounds: StepperBounds): Resolved {
  const step = Math.max(1, whole(bounds.step, 1))
  const decimals = Math.min(12, Math.max(0, whole(bounds.decimals, 0)))
  // The bounds move inward onto the step's grid, so a clamped value is always a valid step.
  const min = Math.ceil(whole(bounds.min, 1) / step) * step
  const rawMax = bounds.max === undefined || !Number.isFinite(bounds.max) ? Number.MAX_SAFE_INTEGER : Math.round(bounds.max)
  const max = Math.max(min, Math.floor(rawMax / step) * step)
  return { min, max, step, decimals }
}

/** `value` snapped to the nearest step and held within the bounds; a non-number becomes the minimum. */
export function clampValue(value: number, bounds: StepperBounds = {}): number {
  const { min, max, step } = resolve(bounds)
  if (!Number.isFinite(value)) return min
  const snapped = Math.round(value / step) * step
  return Math.min(max, Math.max(min, snapped))
}

/** `value` moved by `steps` steps (negative: down), clamped. */
export function stepValue(value: number, steps: number, bounds: StepperBounds = {}): number {
  const { step } = resolve(bounds)
  const from = clampValue(value, bounds)
  const by = Number.isFinite(steps) ? Math.trunc(steps) : 0
  return clampValue(from + by * step, bounds)
}

/** Whether the value can go further down / up (for disabling the − and + buttons). */
export function canStep(value: number, steps: number, bounds: StepperBounds = {}): boolean {
  return stepValue(value, steps, bounds) !== clampValue(value, bounds)
}

const TYPED = /^([0-9]*)(?:[.]([0-9]*))?$/

/**
 * What the user typed, as units: "12.345" with 2 decimals is 1235 (half up), grouping commas and
 * spaces ignored, then snapped and clamped. Text that is not a number (empty, "-", "1e3", "abc")
 * gives `fallback` (clamped), so the field goes back to the last good value.
 */
export function parseStepperInput(text: string, bounds: StepperBounds = {}, fallback?: number): number {
  const { decimals } = resolve(bounds)
  const cleaned = text.trim().replace(/[\s,_]/g, '')
  const match = TYPED.exec(cleaned)
  const intPart = match?.[1] ?? ''
  const fracPart = match?.[2] ?? ''
  if (!match || (intPart === '' && fracPart === '')) return clampValue(fallback ?? Number.NaN, bounds)
  const kept = fracPart.slice(0, decimals).padEnd(decimals, '0')
  const roundUp = fracPart.length > decimals && fracPart.charCodeAt(decimals) >= 53 // '5'
  const digits = `${intPart}${kept}`.replace(/^0+(?=.)/, '') || '0'
  // More digits than a safe integer holds: the top bound is the honest answer.
  if (digits.length > 15) return clampValue(Number.MAX_SAFE_INTEGER, bounds)
  return clampValue(Number(digits) + (roundUp ? 1 : 0), bounds)
}

/**
 * Whether committing `text` gave something other than what was typed: not a number (the field went
 * back), more decimals than allowed, off the step, or outside the bounds. The field then says so.
 */
export function wasAdjusted(text: string, result: number, bounds: StepperBounds = {}): boolean {
  const { decimals } = resolve(bounds)
  const match = TYPED.exec(text.trim().replace(/[\s,_]/g, ''))
  const intPart = match?.[1] ?? ''
  const fracPart = (match?.[2] ?? '').replace(/0+$/, '')
  if (!match || (intPart === '' && fracPart === '') || fracPart.length > decimals) return true
  const digits = `${intPart}${fracPart.padEnd(decimals, '0')}`.replace(/^0+(?=.)/, '') || '0'
  return digits.length > 15 || Number(digits) !== result
}

/** The bounds as they are applied (moved onto the step's grid), for saying what they are. */
export function appliedBounds(bounds: StepperBounds = {}): { min: number; max: number; step: number } {
  const { min, max, step } = resolve(bounds)
  return { min, max, step }
}

/** Units shown with `decimals` digits after the point: 12345, 2 -> "123.45". */
export function formatStepperValue(value: number, decimals = 0): string {
  const units = Number.isFinite(value) ? Math.round(value) : 0
  const d = Math.min(12, Math.max(0, Math.round(decimals)))
  const abs = String(Math.abs(units))
  const sign = units < 0 ? '-' : ''
  if (d === 0) return `${sign}${abs}`
  const padded = abs.padStart(d + 1, '0')
  return `${sign}${padded.slice(0, -d)}.${padded.slice(-d)}`
}
