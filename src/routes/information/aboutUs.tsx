import { createFileRoute } from '@tanstack/react-router'
import { loadArea } from '../../i18n/setup'
import { AboutUsScreen } from '../../features/account/AboutUsScreen'
export const Route = createFileRoute('/information/aboutUs')({ loader: () => loadArea('pages'), component: AboutUsScreen })
