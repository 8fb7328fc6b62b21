import { createFileRoute } from '@tanstack/react-router'
import { loadArea } from '../../i18n/setup'
import { AboutInfoScreen } from '../../features/account/AboutInfoScreen'
export const Route = createFileRoute('/information/aboutInfo')({ loader: () => loadArea('pages'), component: AboutInfoScreen })
