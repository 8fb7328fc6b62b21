// node-postgres's own conversion of a parameter to its wire text, which its Query applies on Bind.
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): unknown
}
