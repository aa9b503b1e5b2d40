import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { CaseSensitiveBase } from './layout/CaseSensitiveBase';

// Served under /Admin (vite `base`); the router strips it so routes read as the spec's paths after /Admin.
const basename = import.meta.env.BASE_URL.replace(/\/$/, '');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CaseSensitiveBase basename={basename}>
      <BrowserRouter basename={basename}>
        <App />
      </BrowserRouter>
    </CaseSensitiveBase>
  </StrictMode>,
);
