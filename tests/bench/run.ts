/** `npm run bench`: starts the real app once and prints every benchmark's figures. */
import { startServer } from '../e2e/support/server'
import { chartBench } from './chart'
import { clusterBench } from './cluster'
import { drawBench } from './draw'
import { engineBench } from './engine'
import { firstRouteBench } from './first-route'
import { followBench } from './follow'
import { lighthouseBench } from './lighthouse'
import { marketBench } from './market'
import { offlineStartBench } from './offline-start'
import { ordersBench } from './orders'
import { repliesBench } from './replies'
import { startBench } from './start'
import { streamBench } from './stream'

const server = await startServer()
try {
  await firstRouteBench(server)
  await lighthouseBench(server)
  await offlineStartBench(server)
  await repliesBench(server)
  await streamBench(server)
  await marketBench()
  await ordersBench()
  await chartBench()
  await drawBench()
  await followBench()
  await clusterBench()
  await engineBench()
  await startBench()
} finally {
  await server.stop()
}
