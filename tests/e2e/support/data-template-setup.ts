/** Setup of every e2e file: its servers start from the run's data template (support/data-template.ts). */
import { inject } from 'vitest'
import { DATA_TEMPLATE_ENV } from './server'

process.env[DATA_TEMPLATE_ENV] = inject('e2eDataTemplate')
