import { createFileRoute } from '@tanstack/react-router'
import { StartScreen } from '../../features/login/StartScreen'
export const Route = createFileRoute('/login/start')({ component: StartScreen })
