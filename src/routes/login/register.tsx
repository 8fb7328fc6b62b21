import { createFileRoute } from '@tanstack/react-router'
import { RegisterScreen } from '../../features/login/RegisterScreen'
export const Route = createFileRoute('/login/register')({ component: RegisterScreen })
