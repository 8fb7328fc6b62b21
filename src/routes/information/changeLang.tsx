import { createFileRoute } from '@tanstack/react-router'
import { ChangeLangScreen } from '../../features/account/ChangeLangScreen'
export const Route = createFileRoute('/information/changeLang')({ component: ChangeLangScreen })
