/**
 * Hands a file the app fetched (a CSV export) to the browser to save under `fileName`: a link
 * with `download` on an object URL, clicked and removed. The URL is freed a minute later, not at
 * once: some browsers start reading it only after the click has returned.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
