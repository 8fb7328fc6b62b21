/**
 * The toasts, without sonner on the first screen (its ~10 KiB are not needed to sign in). Screens
 * import `toast` from here, never from 'sonner': loading this module is what mounts the Toaster
 * (Shell), and sonner shows the toasts made before its Toaster mounted.
 */
import { toast } from 'sonner'
import { wantToaster } from './toaster'

wantToaster()

export { toast }
