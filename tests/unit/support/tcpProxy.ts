/**
 * A real TCP proxy between the client under test and the real server, to make the network fail
 * the ways phones do: the server unreachable ('down'), the request processed but its reply
 * lost on the way back ('drop-reply'), or a weak signal that holds requests until the mode goes
 * back to 'pass' ('stall').
 */
import net from 'node:net'

export type ProxyMode = 'pass' | 'down' | 'drop-reply' | 'stall'

export type TcpProxy = {
  port: number
  /** Request lines seen, e.g. 'POST /api/vue/user/signIn', in order. */
  requests: string[]
  setMode: (mode: ProxyMode) => void
  close: () => Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass'
  const requests: string[] = []
  const sockets = new Set<net.Socket>()
  const stalled = new Set<() => void>()
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }

  const server = net.createServer((client) => {
    track(client)
    if (mode === 'down') {
      client.destroy()
      return
    }
    const upstream = net.connect(target.port, target.host)
    track(upstream)
    client.on('data', (chunk: Buffer) => {
      for (const m of chunk.toString('latin1').matchAll(/^(GET|POST|PUT|DELETE) (\S+) HTTP\/1\.1/gm)) {
        requests.push(`${m[1]} ${m[2]}`)
      }
      if (mode === 'down') {
        client.destroy()
        upstream.destroy()
        return
      }
      if (mode === 'stall') {
        stalled.add(() => upstream.write(chunk))
        return
      }
      upstream.write(chunk)
    })
    upstream.on('data', (chunk: Buffer) => {
      if (mode === 'drop-reply') {
        // The server has done the work and answered; the client never hears it.
        client.destroy()
        upstream.destroy()
        return
      }
      client.write(chunk)
    })
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('proxy has no port')

  return {
    port: address.port,
    requests,
    setMode(next) {
      mode = next
      if (next === 'stall') return
      // Kept-alive connections would otherwise carry on as before.
      if (next !== 'pass') for (const socket of sockets) socket.destroy()
      for (const release of stalled) release()
      stalled.clear()
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
