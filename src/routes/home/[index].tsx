import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { HomeScreen } from '../../features/home/HomeScreen'
export const Route = createFileRoute('/home/index')({ beforeLoad: requireSession, staticData: { tab: 'home' }, component: HomeScreen })
