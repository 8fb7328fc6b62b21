import { useEffect, useRef, useState } from 'react'
import { Trans } from '@lingui/react/macro'

/**
 * `value` drawn as a QR code: black on white, high error correction (a scuffed or partly covered
 * screen still scans), square modules. qr-code-styling is loaded only when a QR code is first
 * shown, so it never weighs on the first screen's bundle; the service worker precaches its chunk,
 * so it draws offline too. Every QR code in the app goes through this one component.
 */
export function QrCode({ value, size = 256, label, testId }: { value: string; size?: number; label?: string; testId?: string }) {
  const box = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading')

  useEffect(() => {
    let live = true
    const target = box.current
    import('qr-code-styling')
      .then(({ default: QRCodeStyling }) => {
        if (!live || !target) return
        const code = new QRCodeStyling({
          type: 'svg',
          width: size,
          height: size,
          margin: 8,
          data: value,
          qrOptions: { errorCorrectionLevel: 'H' },
          dotsOptions: { color: '#000000', type: 'square' },
          cornersSquareOptions: { color: '#000000', type: 'square' },
          cornersDotOptions: { color: '#000000', type: 'square' },
          backgroundOptions: { color: '#ffffff' },
        })
        target.replaceChildren()
        code.append(target)
        setState('drawn')
      })
      .catch(() => live && setState('failed'))
    return () => {
      live = false
      target?.replaceChildren()
    }
  }, [value, size])

  return (
    <div
      className="qr-code"
      style={{ width: size, height: size, background: '#ffffff', display: 'grid', placeItems: 'center' }}
      role="img"
      aria-label={label ?? value}
      aria-busy={state === 'loading'}
      data-testid={testId}
      data-state={state}
    >
      <div ref={box} style={{ gridArea: '1 / 1', lineHeight: 0 }} />
      {state === 'loading' ? <span className="skeleton" style={{ gridArea: '1 / 1', width: size, height: size }} aria-hidden="true" /> : null}
      {state === 'failed' ? (
        <span className="muted" style={{ gridArea: '1 / 1', padding: 12, textAlign: 'center' }}>
          <Trans>The QR code could not be drawn. Copy the text instead.</Trans>
        </span>
      ) : null}
    </div>
  )
}
