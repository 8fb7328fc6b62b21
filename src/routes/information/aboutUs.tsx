import { createFileRoute } from '@tanstack/react-router'
import { AboutUsScreen } from '../../features/account/AboutUsScreen'
export const Route = createFileRoute('/information/aboutUs')({ component: AboutUsScreen })
