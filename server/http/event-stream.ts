/**
 * What every server-sent event stream (the quote stream, the inbox stream) shares once its route
 * has hijacked the reply: the headers, and a writer that ends a stream its client stopped reading.
 */
import { type ServerResponse } from 'node:http'

/** Never cached or transformed, and never held back by a buffering proxy. */
export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
} as const

/**
 * Writes to a stream until `isEnded()`. A client that stops reading (a suspended tab) would make
 * the server hold every event for it: past `maxBuffered` unsent bytes the stream ends and the
 * connection is dropped (end() alone would wait to flush to a client that reads nothing); the
 * client reconnects for a fresh start when it wakes.
 */
export function eventStreamWriter(res: ServerResponse, maxBuffered: number, isEnded: () => boolean, end: () => void): (text: string) => void {
  return (text) => {
    if (isEnded()) return
    res.write(text)
    if (res.writableLength > maxBuffered) {
      end()
      res.destroy()
    }
  }
}
