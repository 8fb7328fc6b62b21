/**
 * The back office (admin.html): its own entry, bundle and sign-in, never part of the user app or
 * its offline cache. Operators decide reviews and set flags; nothing here can set a balance, a
 * price or an outcome (DESIGN.md section 5). English only: it is a tool for staff.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AdminApp } from './AdminApp'
import './admin.css'

createRoot(document.getElementById('admin-root')!).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
)
