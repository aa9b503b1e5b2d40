import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { loadBusinessTimeZone } from '@lending/web-common/business-time-zone';
import { routes } from './router';
import './session/session';
import './styles.css';

void loadBusinessTimeZone();
const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
