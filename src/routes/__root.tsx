import { createRootRoute } from '@tanstack/react-router'
import { Shell } from '../app/Shell'

export const Route = createRootRoute({ component: Shell })
