import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { SettingScreen } from '../../features/account/SettingScreen'
export const Route = createFileRoute('/information/setting')({ beforeLoad: requireSession, component: SettingScreen })
