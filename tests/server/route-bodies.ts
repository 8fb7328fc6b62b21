/**
 * Plausible request bodies made from a route's declared body schema (app.routeTable), for sweeps
 * that break one thing at a time: every field gets a value its schema accepts, so the broken one
 * is what the route answers about.
 */

/** The part of a JSON Schema (TypeBox output) these sweeps read. */
export type Schema = {
  type?: string
  properties?: Record<string, Schema>
  required?: string[]
  anyOf?: Schema[]
  const?: unknown
  enum?: unknown[]
  minimum?: number
  maximum?: number
}

/** An id no row has: a plausible body then names nothing, so a sweep changes nobody's records. */
export const ABSENT_ID = 987_654_321

/** The schema's alternatives, `null` left out. */
export const nonNull = (schema: Schema): Schema[] => (schema.anyOf ?? [schema]).filter((s) => s.type !== 'null')

/** A value the field's schema accepts: its first constant, an absent id, the least number, a real symbol, `x`. */
export function plausibleValue(name: string, schema: Schema): unknown {
  const first = nonNull(schema)[0] ?? schema
  if (first.const !== undefined) return first.const
  if (first.enum) return first.enum[0]
  switch (first.type) {
    case 'integer':
    case 'number':
      if (/id$/i.test(name)) return ABSENT_ID
      return Math.min(Math.max(first.minimum ?? 1, 1), first.maximum ?? Number.MAX_SAFE_INTEGER)
    case 'boolean':
      return false
    case 'string':
      // A real symbol takes the market routes past "unknown symbol" into their deeper checks.
      return name === 'symbol' ? 'RELIANCE' : 'x'
    case 'array':
      return []
    default:
      return {}
  }
}

/** Every declared field, optional ones too, with a plausible value. */
export function plausibleBody(schema: Schema | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([name, field]) => [name, plausibleValue(name, field)]))
}
