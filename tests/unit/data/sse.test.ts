/** The text/event-stream parser of stream.ts, fed the ways a network chunks it. */
import { describe, expect, it } from 'vitest'
import { createSseParser, type SseEvent } from '../../../src/data/stream'

function parseAll(chunks: readonly string[]): { events: SseEvent[]; comments: string[] } {
  const events: SseEvent[] = []
  const comments: string[] = []
  const feed = createSseParser((e) => events.push(e), (c) => comments.push(c))
  for (const chunk of chunks) feed(chunk)
  return { events, comments }
}

const stream = 'retry: 3000\n\nid: 1\nevent: snapshot\ndata: {"at":1,"quotes":[]}\n\n: ping\n\nid: 2\nevent: ticks\ndata: {"at":2}\n\n'

describe('createSseParser', () => {
  it('dispatches named events with their data and last id, and reports comments', () => {
    const { events, comments } = parseAll([stream])
    expect(events).toEqual([
      { event: 'snapshot', data: '{"at":1,"quotes":[]}', id: '1' },
      { event: 'ticks', data: '{"at":2}', id: '2' },
    ])
    expect(comments).toEqual(['ping'])
  })

  it('gives the same events however the text is split', () => {
    const whole = parseAll([stream]).events
    for (let size = 1; size <= 7; size++) {
      const chunks: string[] = []
      for (let i = 0; i < stream.length; i += size) chunks.push(stream.slice(i, i + size))
      expect(parseAll(chunks).events, `chunks of ${size}`).toEqual(whole)
    }
  })

  it('accepts CRLF and CR line ends, even a CRLF split across chunks', () => {
    expect(parseAll(['event: ticks\r', '\ndata: a\r\n\r', '\n']).events).toEqual([{ event: 'ticks', data: 'a', id: undefined }])
    expect(parseAll(['data: b\r\r']).events).toEqual([{ event: 'message', data: 'b', id: undefined }])
  })

  it('joins multi-line data, keeps the id across events, and skips events without data', () => {
    const { events } = parseAll(['id: 7\nevent: x\n\ndata: one\ndata:two\n\ndata\n\n'])
    expect(events).toEqual([
      { event: 'message', data: 'one\ntwo', id: '7' },
      { event: 'message', data: '', id: '7' },
    ])
  })

  it('does not dispatch an event until its blank line arrives', () => {
    expect(parseAll(['event: ticks\ndata: {"at":3}\n']).events).toEqual([])
  })
})
