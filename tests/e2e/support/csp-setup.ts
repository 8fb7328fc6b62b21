/**
 * Setup of every e2e file (vite.config.ts): a test during which the browser refused anything
 * under the server's Content-Security-Policy, or got a page without one, fails with the list.
 * Reports that arrive after a file's last test (its afterAll) fail the file.
 */
import { afterAll, afterEach, expect } from 'vitest'
import { takeCspViolations } from './browser'

afterEach(async () => {
  expect(await takeCspViolations(), 'Content-Security-Policy violations').toEqual([])
})

afterAll(async () => {
  expect(await takeCspViolations(), 'Content-Security-Policy violations').toEqual([])
})
