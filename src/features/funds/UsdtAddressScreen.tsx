import { type FormEvent, useEffect, useId, useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { toast } from '../../app/toast'
import { BackBar } from '../../app/BackBar'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { QrCode } from '../../app/QrCode'
import { TextField } from '../../app/fields'
import { errorText, refusalCode } from '../../app/errors'
import { useAttemptKey } from '../../app/idempotency'
import { useLoading } from '../../app/useLoading'
import { useOnline } from '../../app/useOnline'
import { useSessionAccount } from '../../app/queries'
import { type UsdtAddress, type UsdtAddressInput } from '../../data/usdt'
import { formatDateTime } from '../../lib/dates'
import { USDT_ADDRESS_PATTERNS, USDT_NETWORKS, type UsdtNetwork } from '../../lib/validators'
import { PhotoField, UPLOAD_MAX_BYTES } from '../identity/PhotoField'
import { fetchPicture, refreshUsdtAddresses, removeUsdtAddress, saveUsdtAddress } from './actions'
import { useStoredPicture, useUsdtAddresses } from './queries'
import './funds.css'
import './usdt.css'

/** What the form starts from: a new address, or the one of a network the user chose to change. */
type Draft = { network: UsdtNetwork; address: string; version: number }

/**
 * /information/usdtAddress: the user's own USDT addresses, one per network, each shown as a QR
 * code to scan into a wallet, with the payment QR picture the user attached; and the form that
 * saves one. The list reads Dexie (offline too); saving needs the network.
 */
export function UsdtAddressScreen() {
  const account = useSessionAccount()
  const addresses = useUsdtAddresses(account)
  const loading = useLoading(() => refreshUsdtAddresses(), account ?? '')
  const [draft, setDraft] = useState<Draft>({ network: 'TRC20', address: '', version: 0 })
  const edit = (a: UsdtAddress) => setDraft((d) => ({ network: a.network, address: a.address, version: d.version + 1 }))

  return (
    <div className="funds usdt">
      <BackBar title={<Trans>USDT address</Trans>} />
      <div className="page">
        {addresses === undefined || (addresses === null && loading) ? (
          <div className="card" aria-busy="true"><span className="skeleton skeleton--title" /><span className="skeleton skeleton--line" /></div>
        ) : addresses === null ? (
          <div className="card empty-state" data-testid="usdt-unloaded">
            <p><Trans>Your addresses have not been loaded on this device yet.</Trans></p>
            <p className="muted"><Trans>Connect to the internet and open this screen again.</Trans></p>
          </div>
        ) : addresses.length === 0 ? (
          <div className="card empty-state" data-testid="usdt-empty">
            <p><Trans>No USDT address yet.</Trans></p>
            <p className="muted"><Trans>Add the address of your own wallet below, for TRC20 (TRON) or ERC20 (Ethereum).</Trans></p>
          </div>
        ) : (
          addresses.map((a) => <AddressCard key={a.network} account={account} address={a} onEdit={() => edit(a)} />)
        )}
        <AddressForm key={draft.version} draft={draft} addresses={addresses ?? []} />
      </div>
    </div>
  )
}

function AddressCard({ account, address, onEdit }: { account: string | null | undefined; address: UsdtAddress; onEdit: () => void }) {
  const { t } = useLingui()
  const online = useOnline()
  const attempt = useAttemptKey()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const network = address.network
  const updated = formatDateTime(address.updatedAt)

  async function copy() {
    try {
      await navigator.clipboard.writeText(address.address)
      toast.success(t`Address copied`)
    } catch {
      toast.error(t`Copying is not allowed here. Select the address and copy it by hand.`)
    }
  }

  async function remove() {
    setConfirming(false)
    setBusy(true)
    try {
      await removeUsdtAddress(network, attempt.keyFor({ remove: network }))
      attempt.done()
      toast.success(t`The ${network} address was removed`)
    } catch (error) {
      toast.error(errorText(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card usdt-card" data-testid="usdt-address" data-network={network}>
      <div className="usdt-card-head">
        <span className="pill pill--ok">{network}</span>
        <span className="muted usdt-updated"><Trans>Saved {updated}</Trans></span>
      </div>
      <div className="usdt-qr">
        <QrCode value={address.address} label={t`QR code of your ${network} address`} testId="usdt-qr" />
      </div>
      <p className="usdt-address-text" data-testid="usdt-address-text">{address.address}</p>
      <div className="usdt-actions">
        <button type="button" className="btn btn--outline" onClick={() => void copy()}><Trans>Copy address</Trans></button>
        <button type="button" className="btn btn--outline" onClick={onEdit} data-testid="usdt-edit"><Trans>Change</Trans></button>
        <button type="button" className="btn btn--ghost" disabled={!online || busy} onClick={() => setConfirming(true)} data-testid="usdt-remove">
          <Trans>Remove</Trans>
        </button>
      </div>
      {address.qrUploadId !== null ? <PaymentQr account={account} id={address.qrUploadId} /> : null}
      <ConfirmDialog
        open={confirming}
        title={<Trans>Remove your {network} address?</Trans>}
        confirmLabel={<Trans>Remove</Trans>}
        danger
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  )
}

/** The payment QR picture the user attached: fetched once, then shown from Dexie, offline too. */
function PaymentQr({ account, id }: { account: string | null | undefined; id: number }) {
  const { t } = useLingui()
  const blob = useStoredPicture(account, id)
  const tried = !useLoading(() => fetchPicture(id), String(id))
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob])
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url)
  }, [url])

  return (
    <figure className="usdt-payment-qr" data-testid="usdt-payment-qr">
      <figcaption className="muted"><Trans>Payment QR from your wallet</Trans></figcaption>
      {url ? (
        <img src={url} alt={t`Payment QR picture from your wallet`} className="usdt-payment-img" />
      ) : tried && blob === null ? (
        <p className="muted"><Trans>The picture shows once the app has been online.</Trans></p>
      ) : (
        <span className="skeleton skeleton--line" aria-hidden="true" />
      )}
    </figure>
  )
}

type Errors = { address?: string; qr?: string; form?: string }

function AddressForm({ draft, addresses }: { draft: Draft; addresses: UsdtAddress[] }) {
  const { t } = useLingui()
  const online = useOnline()
  const attempt = useAttemptKey()
  const selectId = useId()
  const [network, setNetwork] = useState<UsdtNetwork>(draft.network)
  const [address, setAddress] = useState(draft.address)
  const [file, setFile] = useState<File | null>(null)
  const [keepQr, setKeepQr] = useState(true)
  const [errors, setErrors] = useState<Errors>({})
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const current = addresses.find((a) => a.network === network)
  const hint = network === 'TRC20' ? t`34 characters starting with T, as your wallet shows it.` : t`0x followed by 40 letters and digits, as your wallet shows it.`

  function check(event: FormEvent) {
    event.preventDefault()
    const trimmed = address.trim()
    const found: Errors = {
      address: USDT_ADDRESS_PATTERNS[network].test(trimmed)
        ? undefined
        : network === 'TRC20'
          ? t`A TRC20 address is 34 characters starting with T; check it against your wallet.`
          : t`An ERC20 address is 0x followed by 40 hexadecimal digits; check it against your wallet.`,
      qr: file && file.size > UPLOAD_MAX_BYTES ? t`The picture is too large: at most 5 MB.` : undefined,
    }
    setErrors(found)
    if (found.address || found.qr) return
    // Replacing an address the user may have given out elsewhere is asked about first.
    if (current && current.address !== trimmed) setConfirming(true)
    else void save()
  }

  async function save() {
    setConfirming(false)
    if (busy) return
    setBusy(true)
    const qr: UsdtAddressInput['qr'] = file ? { file } : (current?.qrUploadId ?? null) !== null && keepQr ? 'keep' : null
    const input: UsdtAddressInput = { network, address: address.trim(), qr }
    const fingerprint = { network, address: input.address, qr: file ? `${file.name}:${file.size}:${file.lastModified}` : qr }
    try {
      await saveUsdtAddress(input, current, attempt.keyFor(fingerprint))
      attempt.done()
      setFile(null)
      toast.success(t`Your ${network} address is saved`)
    } catch (error) {
      const message = errorText(error)
      const code = refusalCode(error)
      setErrors(code === 'usdt_address_invalid' ? { address: message } : code?.startsWith('upload_') ? { qr: message } : { form: message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card form" onSubmit={check} noValidate data-testid="usdt-form">
      <h2 className="section-title">{current ? <Trans>Change an address</Trans> : <Trans>Add an address</Trans>}</h2>
      <div className="field">
        <label className="field-label" htmlFor={selectId}><Trans>Wallet type</Trans></label>
        <select id={selectId} className="field-input" value={network} onChange={(e) => setNetwork(USDT_NETWORKS.find((n) => n === e.target.value) ?? 'TRC20')} data-testid="usdt-network">
          {USDT_NETWORKS.map((n) => (
            <option key={n} value={n}>{n === 'TRC20' ? t`TRC20 (TRON)` : t`ERC20 (Ethereum)`}</option>
          ))}
        </select>
      </div>
      <TextField
        label={<Trans>Address</Trans>}
        value={address}
        onValue={setAddress}
        error={errors.address}
        hint={hint}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        autoComplete="off"
        name="usdtAddress"
        data-testid="usdt-address-input"
      />
      <PhotoField label={<Trans>Payment QR from your wallet (optional)</Trans>} file={file} onFile={setFile} error={errors.qr} testId="usdt-qr-file" />
      {(current?.qrUploadId ?? null) !== null && !file ? (
        <label className="usdt-keep">
          <input type="checkbox" checked={keepQr} onChange={(e) => setKeepQr(e.target.checked)} />
          <span><Trans>Keep the payment QR already attached</Trans></span>
        </label>
      ) : null}
      {!online ? <p className="form-error" role="status"><Trans>Saving an address needs the internet.</Trans></p> : null}
      {errors.form ? <p className="form-error" role="alert" data-testid="usdt-error">{errors.form}</p> : null}
      <button type="submit" className="btn btn--primary btn--block btn--large" disabled={busy || !online} data-testid="usdt-save">
        {busy ? <Trans>Saving…</Trans> : <Trans>Save address</Trans>}
      </button>
      <ConfirmDialog
        open={confirming}
        title={<Trans>Replace your {network} address?</Trans>}
        confirmLabel={<Trans>Replace</Trans>}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(false)}
      >
        <p><Trans>The address saved now takes the place of the one you have on this network.</Trans></p>
      </ConfirmDialog>
    </form>
  )
}
