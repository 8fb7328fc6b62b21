import { describe, expect, it } from 'vitest'
import { canStep, clampValue, formatStepperValue, parseStepperInput, stepValue, wasAdjusted } from '../../../src/lib/stepper'

describe('stepValue', () => {
  it('starts at one and steps by one by default', () => {
    expect(stepValue(1, 1)).toBe(2)
    expect(stepValue(5, -1)).toBe(4)
  })

  it('never goes below the minimum of one', () => {
    expect(stepValue(1, -1)).toBe(1)
    expect(stepValue(1, -10)).toBe(1)
  })

  it('stops at the maximum', () => {
    expect(stepValue(9, 1, { max: 10 })).toBe(10)
    expect(stepValue(10, 1, { max: 10 })).toBe(10)
    expect(stepValue(3, 100, { max: 10 })).toBe(10)
  })

  it('steps a price by its tick in whole units, without floating-point drift', () => {
    // 0.05 rupee ticks on a price in paise: ten steps from 100.00 are exactly 100.50.
    let price = 10000
    for (let i = 0; i < 10; i++) price = stepValue(price, 1, { step: 5, decimals: 2 })
    expect(price).toBe(10050)
    expect(formatStepperValue(price, 2)).toBe('100.50')
  })

  it('snaps an off-grid value onto the step before moving', () => {
    expect(stepValue(10003, 1, { step: 5 })).toBe(10010)
  })

  it('treats a non-number as the minimum, never NaN', () => {
    expect(stepValue(Number.NaN, 1)).toBe(2)
    expect(stepValue(Number.POSITIVE_INFINITY, -1, { max: 5 })).toBe(1)
    expect(stepValue(3, Number.NaN)).toBe(3)
  })
})

describe('clampValue', () => {
  it('holds a value within the bounds', () => {
    expect(clampValue(0)).toBe(1)
    expect(clampValue(-7, { min: 1, max: 5 })).toBe(1)
    expect(clampValue(50, { min: 1, max: 5 })).toBe(5)
  })

  it('moves the bounds inward onto the step grid', () => {
    // min 3 with step 5 becomes 5; max 23 becomes 20.
    expect(clampValue(1, { min: 3, max: 23, step: 5 })).toBe(5)
    expect(clampValue(99, { min: 3, max: 23, step: 5 })).toBe(20)
  })

  it('rounds a fraction to a whole unit', () => {
    expect(clampValue(2.6)).toBe(3)
  })
})

describe('canStep', () => {
  it('says when the minus or plus button has nowhere to go', () => {
    expect(canStep(1, -1)).toBe(false)
    expect(canStep(1, 1, { max: 1 })).toBe(false)
    expect(canStep(2, -1, { max: 3 })).toBe(true)
  })
})

describe('parseStepperInput', () => {
  it('parses whole numbers and clamps them', () => {
    expect(parseStepperInput('12')).toBe(12)
    expect(parseStepperInput('0')).toBe(1)
    expect(parseStepperInput('500', { max: 100 })).toBe(100)
  })

  it('reads decimals exactly into units', () => {
    expect(parseStepperInput('123.45', { decimals: 2 })).toBe(12345)
    expect(parseStepperInput('0.1', { decimals: 4 })).toBe(1000)
    expect(parseStepperInput('.5', { decimals: 2 })).toBe(50)
    expect(parseStepperInput('7.', { decimals: 2 })).toBe(700)
  })

  it('rounds extra digits half up and snaps to the step', () => {
    expect(parseStepperInput('1.005', { decimals: 2 })).toBe(101)
    expect(parseStepperInput('1.004', { decimals: 2 })).toBe(100)
    expect(parseStepperInput('100.03', { decimals: 2, step: 5 })).toBe(10005)
  })

  it('ignores grouping commas and spaces', () => {
    expect(parseStepperInput('1,23,456', { max: 10_000_000 })).toBe(123456)
    expect(parseStepperInput(' 42 ')).toBe(42)
  })

  it('gives the fallback, clamped, for text that is not a number', () => {
    expect(parseStepperInput('', {}, 7)).toBe(7)
    expect(parseStepperInput('abc', {}, 7)).toBe(7)
    expect(parseStepperInput('-3', {}, 7)).toBe(7)
    expect(parseStepperInput('1e3', {}, 7)).toBe(7)
    expect(parseStepperInput('1.2.3', { decimals: 2 }, 500)).toBe(500)
    expect(parseStepperInput('', { max: 5 }, 9)).toBe(5)
  })

  it('is never NaN, even without a fallback', () => {
    expect(parseStepperInput('x')).toBe(1)
    expect(parseStepperInput('x', { min: 10, step: 5 })).toBe(10)
  })

  it('gives the maximum for more digits than a safe integer holds', () => {
    expect(parseStepperInput('99999999999999999999', { max: 10_000 })).toBe(10_000)
  })
})

describe('formatStepperValue', () => {
  it('shows units with the given decimals', () => {
    expect(formatStepperValue(12345, 2)).toBe('123.45')
    expect(formatStepperValue(5, 2)).toBe('0.05')
    expect(formatStepperValue(1000, 4)).toBe('0.1000')
    expect(formatStepperValue(7)).toBe('7')
  })
})

describe('wasAdjusted', () => {
  const lots = { min: 1, max: 50, step: 1 }
  const price = { min: 100, max: 500_000, step: 5, decimals: 2 }
  it('is false when the value is what was typed, grouping and trailing zeros aside', () => {
    expect(wasAdjusted('12', parseStepperInput('12', lots), lots)).toBe(false)
    expect(wasAdjusted('1,234.50', parseStepperInput('1,234.50', price), price)).toBe(false)
    expect(wasAdjusted('1234.5', 123_450, price)).toBe(false)
  })
  it('is true when the typed value was clamped, snapped, rounded or not a number', () => {
    expect(wasAdjusted('0', parseStepperInput('0', lots), lots)).toBe(true)
    expect(wasAdjusted('5000', parseStepperInput('5000', lots), lots)).toBe(true)
    expect(wasAdjusted('1234.52', parseStepperInput('1234.52', price), price)).toBe(true)
    expect(wasAdjusted('1234.555', parseStepperInput('1234.555', price), price)).toBe(true)
    expect(wasAdjusted('-3', parseStepperInput('-3', lots, 7), lots)).toBe(true)
    expect(wasAdjusted('1e3', parseStepperInput('1e3', lots, 7), lots)).toBe(true)
  })
})
