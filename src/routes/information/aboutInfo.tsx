import { createFileRoute } from '@tanstack/react-router'
import { AboutInfoScreen } from '../../features/account/AboutInfoScreen'
export const Route = createFileRoute('/information/aboutInfo')({ component: AboutInfoScreen })
