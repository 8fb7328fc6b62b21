/** India time for every date the app shows or keys by (DESIGN.md section 4: sign-in per IST day). */
export const INDIA_TIME_ZONE = 'Asia/Kolkata'

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: INDIA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

function indiaParts(ms: number): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const out = { year: '', month: '', day: '', hour: '', minute: '', second: '' }
  for (const p of parts.formatToParts(ms)) if (p.type in out) out[p.type as keyof typeof out] = p.value
  return out
}

/** `YYYY.MM.DD hh:mm:ss` in India time, 24-hour clock. */
export function formatDateTime(ms: number): string {
  const p = indiaParts(ms)
  return `${p.year}.${p.month}.${p.day} ${p.hour}:${p.minute}:${p.second}`
}

/** `YYYY.MM.DD` in India time. */
export function formatDate(ms: number): string {
  const p = indiaParts(ms)
  return `${p.year}.${p.month}.${p.day}`
}

/** The India calendar day of an instant as `YYYY-MM-DD`: the key for once-a-day rules. */
export function indiaDay(ms: number): string {
  const p = indiaParts(ms)
  return `${p.year}-${p.month}-${p.day}`
}
