/**
 * Coalesces concurrent calls of one query: calls made while a run is in flight wait and go
 * together in the next run, so a burst of requests pays for one round trip instead of one each
 * (the database answers them one after the other anyway). Only calls in flight are held here,
 * never a result after it is returned: nothing is cached.
 */
export function coalesce<K, V>(run: (keys: readonly K[]) => Promise<V[]>, maxBatch = 128): (key: K) => Promise<V> {
  type Call = { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }
  const waiting: Call[] = []
  let busy = false

  const runEach = async (calls: readonly Call[]) => {
    for (const call of calls) {
      try {
        const [value] = await run([call.key])
        call.resolve(value!)
      } catch (error) {
        call.reject(error)
      }
    }
  }

  const drain = async () => {
    while (waiting.length > 0) {
      const calls = waiting.splice(0, maxBatch)
      let values: V[]
      try {
        values = await run(calls.map((c) => c.key))
        if (values.length !== calls.length) throw new Error(`a coalesced run answered ${values.length} of ${calls.length} calls`)
      } catch (error) {
        // One bad call must not fail its neighbours: each runs again alone.
        if (calls.length === 1) calls[0]!.reject(error)
        else await runEach(calls)
        continue
      }
      calls.forEach((c, i) => c.resolve(values[i]!))
    }
    busy = false
  }

  return (key) =>
    new Promise<V>((resolve, reject) => {
      waiting.push({ key, resolve, reject })
      if (!busy) {
        busy = true
        // One turn of the event loop: the requests being parsed alongside join this run.
        setImmediate(() => void drain())
      }
    })
}
