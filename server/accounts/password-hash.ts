/**
 * Password hashing with argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane): the stored value
 * is the PHC string, which carries its own salt and parameters.
 */
import { hash, verify } from '@node-rs/argon2'

// 2 is Algorithm.Argon2id; the package's const enum cannot be read under isolatedModules.
const ARGON2ID = 2
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password)
  } catch {
    return false // a malformed stored hash never matches
  }
}

let dummyHash: Promise<string> | null = null

/**
 * Verifies against a throwaway hash so an unknown account takes as long as a wrong password,
 * and timing does not tell which accounts exist.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('tijori-no-such-account')
  await verifyPassword(await dummyHash, password)
}
