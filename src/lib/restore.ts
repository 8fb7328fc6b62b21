/**
 * Restorers: a value read back from IndexedDB was written by some older app version (or damaged),
 * so it is checked field by field and rebuilt, never cast. A restorer returns the value in today's
 * shape, or undefined when the row cannot be repaired (the caller then treats it as never fetched,
 * and the next refresh writes it again). A list drops the items it cannot repair and keeps the rest.
 */
export type Restore<T> = (value: unknown) => T | undefined

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export const str: Restore<string> = (value) => (typeof value === 'string' ? value : undefined)

export const num: Restore<number> = (value) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)

export const bool: Restore<boolean> = (value) => (typeof value === 'boolean' ? value : undefined)

/** One of the given strings. */
export function oneOf<const T extends string>(...allowed: readonly T[]): Restore<T> {
  return (value) => allowed.find((candidate) => candidate === value)
}

/** Exactly `expected` (a literal such as `simulated: true`). */
export function exactly<const T extends string | number | boolean>(expected: T): Restore<T> {
  return (value) => (value === expected ? expected : undefined)
}

/** null stays null; anything else must pass `restore`. */
export function nullable<T>(restore: Restore<T>): Restore<T | null> {
  return (value) => (value === null ? null : restore(value))
}

/** An array, keeping the items `restore` accepts. */
export function listOf<T>(restore: Restore<T>): Restore<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return undefined
    const out: T[] = []
    for (const item of value) {
      const restored = restore(item)
      if (restored !== undefined) out.push(restored)
    }
    return out
  }
}

/** A plain object of any keys whose values all pass `restore` (a rule's named parameters); a bad value drops the whole. */
export function recordOf<T>(restore: Restore<T>): Restore<Record<string, T>> {
  return (value) => {
    if (!isRecord(value)) return undefined
    const out: Record<string, T> = {}
    for (const [key, item] of Object.entries(value)) {
      const restored = restore(item)
      if (restored === undefined) return undefined
      out[key] = restored
    }
    return out
  }
}

type Shape = Record<string, Restore<unknown>>
type Restored<S extends Shape> = { [K in keyof S]: Exclude<ReturnType<S[K]>, undefined> }

/** An object with exactly the fields of `shape`, each restored; undefined if any is missing or wrong. */
export function object<S extends Shape>(shape: S): Restore<Restored<S>> {
  return (value) => {
    if (!isRecord(value)) return undefined
    const out: Partial<Restored<S>> = {}
    for (const key of Object.keys(shape) as (keyof S & string)[]) {
      const restored = shape[key]?.(value[key])
      if (restored === undefined) return undefined
      out[key] = restored as Restored<S>[typeof key]
    }
    // Every key of the shape was restored above; TypeScript cannot follow a loop over keys.
    return out as Restored<S>
  }
}

/** The first restorer that accepts the value (a union told apart by a field, e.g. `kind`). */
export function anyOf<T>(...restorers: readonly Restore<T>[]): Restore<T> {
  return (value) => {
    for (const restore of restorers) {
      const restored = restore(value)
      if (restored !== undefined) return restored
    }
    return undefined
  }
}
