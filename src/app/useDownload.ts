/**
 * A download the user asked for (a CSV, the data export): one at a time, made on request and
 * handed to saveFile; a failure is a toast in the reader's language. `busy` says which one is
 * being made, for its button's label.
 */
import { useState } from 'react'
import { errorText } from './errors'
import { saveFile } from './saveFile'
import { toast } from './toast'

export type MadeFile = { blob: Blob; fileName: string }

export function useDownload<K extends string>(make: (what: K) => Promise<MadeFile>): { busy: K | null; download: (what: K) => Promise<void> } {
  const [busy, setBusy] = useState<K | null>(null)
  async function download(what: K) {
    if (busy) return
    setBusy(what)
    try {
      const file = await make(what)
      saveFile(file.blob, file.fileName)
    } catch (error) {
      toast.error(errorText(error))
    } finally {
      setBusy(null)
    }
  }
  return { busy, download }
}
