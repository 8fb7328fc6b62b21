/** India time for every date the app shows or keys by (DESIGN.md section 4: sign-in per IST day). */
export const INDIA_TIME_ZONE = 'Asia/Kolkata'

/**
 * India keeps one offset, UTC+05:30, with no daylight saving since 1945, so its wall clock is UTC's
 * moved by that much. Arithmetic rather than an `Intl.DateTimeFormat` with this time zone: making
 * the first such format loads the time-zone data, some 80 ms of the start's longest task at 4x CPU
 * slowdown (issue 15: total blocking time). The unit test holds it to `Intl`'s Asia/Kolkata.
 */
export const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000

/** India's wall clock at `ms` as `YYYY-MM-DDThh:mm:ss`. */
const indiaIso = (ms: number) => new Date(ms + INDIA_OFFSET_MS).toISOString().slice(0, 19)

/** `YYYY.MM.DD hh:mm:ss` in India time, 24-hour clock. */
export function formatDateTime(ms: number): string {
  const iso = indiaIso(ms)
  return `${iso.slice(0, 10).replaceAll('-', '.')} ${iso.slice(11)}`
}

/** `YYYY.MM.DD` in India time. */
export function formatDate(ms: number): string {
  return indiaDay(ms).replaceAll('-', '.')
}

/** The India calendar day of an instant as `YYYY-MM-DD`: the key for once-a-day rules. */
export function indiaDay(ms: number): string {
  return indiaIso(ms).slice(0, 10)
}
