/** A reader of one server-sent events stream over a real socket, for tests: events kept in order, waited for by condition. */
export type SseEvent = { event: string; id: string | null; data: string }

export type SseReader = {
  events: SseEvent[]
  /** Resolves with the first event (from the start) that `match` accepts; rejects after `timeoutMs`. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>
  close(): void
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseReader> {
  const abort = new AbortController()
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal })
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`)
  const events: SseEvent[] = []
  const waiters = new Set<() => void>()
  let buffer = ''
  const decoder = new TextDecoder()
  void (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true })
        let at: number
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at)
          buffer = buffer.slice(at + 2)
          const event: SseEvent = { event: 'message', id: null, data: '' }
          let data: string[] | null = null
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue
            const colon = line.indexOf(':')
            const field = colon < 0 ? line : line.slice(0, colon)
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
            if (field === 'event') event.event = value
            else if (field === 'id') event.id = value
            else if (field === 'data') (data ??= []).push(value)
          }
          if (data === null) continue
          event.data = data.join('\n')
          events.push(event)
          for (const wake of [...waiters]) wake()
        }
      }
    } catch {
      // aborted by close()
    }
  })()
  return {
    events,
    next(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match)
          if (!found) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found)
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no matching event in ${timeoutMs} ms; had ${JSON.stringify(events)}`))
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    close: () => abort.abort(),
  }
}
