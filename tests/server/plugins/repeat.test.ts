import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { repeater } from '../../../server/plugins/repeat'

// The repeater's interval is a real timer: the test moves a fake clock instead of waiting.
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('repeater', () => {
  it('runs every interval, never two at once, and stop() waits for the run under way', async () => {
    let active = 0
    let most = 0
    let runs = 0
    let finished = 0
    // Each run lasts until the test ends it, longer than several intervals.
    let endRun: () => void = () => undefined
    const repeat = repeater(async () => {
      active++
      runs++
      most = Math.max(most, active)
      await new Promise<void>((resolve) => (endRun = resolve))
      active--
      finished++
    })
    repeat.start(10, (error) => {
      throw error
    })
    await vi.advanceTimersByTimeAsync(45)
    expect(runs).toBe(1)
    endRun()
    await vi.advanceTimersByTimeAsync(10)
    expect(runs).toBe(2)
    let stopped = false
    const stopping = repeat.stop().then(() => (stopped = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(stopped).toBe(false)
    endRun()
    await stopping
    expect(runs).toBeGreaterThanOrEqual(2)
    expect(most).toBe(1)
    expect(finished).toBe(runs)
    const after = runs
    await vi.advanceTimersByTimeAsync(50)
    expect(runs).toBe(after)
  })

  it('hands a throw, even a synchronous one, to onError and keeps going', async () => {
    const errors: unknown[] = []
    let calls = 0
    const repeat = repeater(() => {
      calls++
      throw new Error(`boom ${calls}`)
    })
    repeat.start(10, (error) => errors.push(error))
    await vi.advanceTimersByTimeAsync(60)
    await repeat.stop()
    expect(errors.length).toBeGreaterThanOrEqual(2)
    expect(String(errors[0])).toContain('boom 1')
  })

  it('does nothing with an interval of 0', async () => {
    let calls = 0
    const repeat = repeater(async () => {
      calls++
    })
    repeat.start(0, () => undefined)
    await vi.advanceTimersByTimeAsync(30)
    await repeat.stop()
    expect(calls).toBe(0)
  })
})
