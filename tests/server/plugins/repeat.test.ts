import { describe, expect, it } from 'vitest'
import { repeater } from '../../../server/plugins/repeat'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('repeater', () => {
  it('runs every interval, never two at once, and stop() waits for the run under way', async () => {
    let active = 0
    let most = 0
    let runs = 0
    let finished = 0
    const repeat = repeater(async () => {
      active++
      runs++
      most = Math.max(most, active)
      await sleep(35)
      active--
      finished++
    })
    repeat.start(10, (error) => {
      throw error
    })
    await sleep(120)
    await repeat.stop()
    expect(runs).toBeGreaterThanOrEqual(2)
    expect(most).toBe(1)
    expect(finished).toBe(runs)
    const after = runs
    await sleep(50)
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
    await sleep(60)
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
    await sleep(30)
    await repeat.stop()
    expect(calls).toBe(0)
  })
})
