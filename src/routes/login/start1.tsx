import { createFileRoute } from '@tanstack/react-router'
import { WelcomeScreen } from '../../features/login/WelcomeScreen'
export const Route = createFileRoute('/login/start1')({ component: WelcomeScreen })
