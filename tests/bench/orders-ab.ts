/**
 * Two builds of the server compared on the orders path in one run (issue 14): this tree and another
 * (a git worktree with node_modules, dist/ and dist-server/ of its own), each `npm start` on PGlite
 * with 32 users, the load alternating between them in rounds of `orders` orders, 16 in flight, so
 * that this machine's speed, which moved the orders bench by up to 1.8x from one hour to the next,
 * falls on both alike. Prints each round's orders/s, then both totals and the median ratio.
 *
 * The same tree on both sides gave totals 3% apart and a median ratio of 1.07 (0.69-1.44) over 12
 * rounds: run it both ways round (swap the trees) and read only a change beyond that.
 *
 * `npx tsx tests/bench/orders-ab.ts <other tree> [rounds=16] [orders=1000]`
 */
import { resolve } from 'node:path'
import { type RunningServer, startServer } from '../e2e/support/server'
import { makeUsers, placeOrders } from './http-load'
import { spread, warm } from './orders'

const [other, rounds = '16', orders = '1000'] = process.argv.slice(2)
if (!other) {
  console.error('usage: tsx tests/bench/orders-ab.ts <other tree> [rounds] [orders]')
  process.exit(2)
}
const IN_FLIGHT = 16

const sides: { name: 'other' | 'this'; server: RunningServer }[] = []
try {
  sides.push({ name: 'other', server: await startServer({ TRUST_PROXY: '1' }, resolve(other)) })
  sides.push({ name: 'this', server: await startServer({ TRUST_PROXY: '1' }) })
  const loads = await Promise.all(sides.map(async (side) => ({ ...side, users: await makeUsers(side.server.url, 32), placed: 0, measured: 0, seconds: 0 })))
  // Warmed as the orders bench warms its server, the warm-up orders left open like the rest.
  for (const load of loads) load.placed += await warm(load.server.url, load.users, IN_FLIGHT)
  const ratios: number[] = []
  for (let round = 0; round < Number(rounds); round++) {
    // Each goes first every other round: neither always follows the other's load.
    const rates = new Map<string, number>()
    for (const load of round % 2 === 0 ? loads : [...loads].reverse()) {
      const run = await placeOrders(load.server.url, load.users, { count: Number(orders), inFlight: IN_FLIGHT, offset: load.placed })
      load.placed += run.count
      load.measured += run.count
      load.seconds += run.seconds
      rates.set(load.name, run.rate)
    }
    const ratio = rates.get('this')! / rates.get('other')!
    ratios.push(ratio)
    console.log(`round ${round + 1}: other ${rates.get('other')!.toFixed(0)}/s, this ${rates.get('this')!.toFixed(0)}/s, this/other ${ratio.toFixed(3)}`)
  }
  const total = (load: (typeof loads)[number]) => (load.measured / load.seconds).toFixed(0)
  console.log(`orders/s over the rounds: other ${total(loads[0]!)}, this ${total(loads[1]!)}; this/other ${spread(ratios)}`)
} finally {
  await Promise.all(sides.map((side) => side.server.stop()))
}
