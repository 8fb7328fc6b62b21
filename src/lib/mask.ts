/**
 * Identity numbers on screen: only the last characters show, so a glance over the shoulder or a
 * screenshot does not give away a whole ID or PAN. At least two characters are always hidden.
 */
export function maskTail(text: string, visible = 4): string {
  const shown = Math.max(0, Math.min(visible, text.length - 2))
  return `${'•'.repeat(text.length - shown)}${text.slice(text.length - shown)}`
}
