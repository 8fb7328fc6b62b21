import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { QuizScreen } from '../../features/quiz/QuizScreen'

export const Route = createFileRoute('/information/faq')({ beforeLoad: requireSession, loader: () => loadArea('quiz'), component: QuizScreen })
