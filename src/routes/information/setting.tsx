import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { SettingScreen } from '../../features/account/SettingScreen'
export const Route = createFileRoute('/information/setting')({ beforeLoad: requireSession, loader: () => loadArea('device'), component: SettingScreen })
