/** Every back-office route: the whole list, so a new one (say, one that sets a balance) is a deliberate change here. */
import { ADMIN_PREFIX } from '../../../server/admin/routes'

export const ADMIN_PATHS = [
  '/operator/login',
  '/operator/logout',
  '/operator/me',
  '/operator/list',
  '/operator/create',
  '/operator/password',
  '/reviews/kinds',
  '/reviews/list',
  '/reviews/decide',
  '/uploads/view',
  '/users/search',
  '/users/detail',
  '/users/flag',
  '/audit/list',
  '/ipo/list',
  '/ipo/create',
  '/ipo/cancel',
  '/block/list',
  '/block/create',
  '/block/cancel',
].map((path) => `${ADMIN_PREFIX}${path}`)
