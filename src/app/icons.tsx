/** Line icons of the shell, drawn here so no icon font or image request is needed. */
type IconProps = { className?: string }

const base = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const

export function HomeIcon(p: IconProps) {
  return (
    <svg {...base} className={p.className}>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9.5V20h14V9.5" />
      <path d="M10 20v-5h4v5" />
    </svg>
  )
}

export function MarketIcon(p: IconProps) {
  return (
    <svg {...base} className={p.className}>
      <path d="M3 20h18" />
      <path d="M4 16l5-5 4 3 7-8" />
      <path d="M15 6h5v5" />
    </svg>
  )
}

export function TradeIcon(p: IconProps) {
  return (
    <svg {...base} className={p.className}>
      <path d="M7 4v16M7 4 4 7M7 4l3 3" />
      <path d="M17 20V4M17 20l-3-3M17 20l3-3" />
    </svg>
  )
}

export function NewsIcon(p: IconProps) {
  return (
    <svg {...base} className={p.className}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M7 8h10M7 12h10M7 16h6" />
    </svg>
  )
}

export function AccountIcon(p: IconProps) {
  return (
    <svg {...base} className={p.className}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </svg>
  )
}

export function BackIcon(p: IconProps) {
  return (
    <svg {...base} className={p.className}>
      <path d="M15 5l-7 7 7 7" />
    </svg>
  )
}

export function ChevronIcon(p: IconProps) {
  return (
    <svg {...base} className={p.className}>
      <path d="M9 5l7 7-7 7" />
    </svg>
  )
}

export function CloudOffIcon(p: IconProps) {
  return (
    <svg {...base} className={p.className}>
      <path d="M3 3l18 18" />
      <path d="M17.5 17.5H7a4 4 0 0 1-.8-7.9 6 6 0 0 1 1.6-3.5M11 5.1A6 6 0 0 1 18 10a3.8 3.8 0 0 1 3 3.8 3.7 3.7 0 0 1-1 2.5" />
    </svg>
  )
}

export function UploadIcon(p: IconProps) {
  return (
    <svg {...base} className={p.className}>
      <path d="M12 16V4M7 9l5-5 5 5" />
      <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
    </svg>
  )
}

export function CheckIcon(p: IconProps) {
  return (
    <svg {...base} className={p.className}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  )
}

export function EyeIcon(p: IconProps & { off?: boolean }) {
  return (
    <svg {...base} className={p.className}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {p.off ? <path d="M3 3l18 18" /> : null}
    </svg>
  )
}
