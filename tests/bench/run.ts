/** `npm run bench`: starts the real app once and prints every benchmark's figures. */
import { startServer } from '../e2e/support/server'
import { firstRouteBench } from './first-route'

const server = await startServer()
try {
  await firstRouteBench(server)
} finally {
  await server.stop()
}
