import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../platform/config/config.js';

type Handler = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
type Directives = Record<string, string[] | null>;

/**
 * Hosts the portal's Firebase social sign-in (signInWithPopup) talks to. Only when the backend has a Firebase project
 * (FIREBASE_PROJECT_ID): a portal built with VITE_FIREBASE_* goes with a backend that verifies those tokens. The
 * popup's auth domain is assumed to be the project's default (<project>.firebaseapp.com / .web.app).
 */
function firebaseSources(config: AppConfig): { script: string[]; connect: string[]; frame: string[] } {
  const { projectId, authEmulatorHost } = config.firebase;
  if (!projectId) return { script: [], connect: [], frame: [] };
  const emulator = authEmulatorHost ? [`http://${authEmulatorHost}`] : [];
  return {
    script: ['https://apis.google.com'],
    connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com', ...emulator],
    frame: [`https://${projectId}.firebaseapp.com`, `https://${projectId}.web.app`, 'https://accounts.google.com', ...emulator],
  };
}

/**
 * A built single-page app: scripts and styles from our own origin only. MUI/emotion inject <style> elements at run
 * time ('unsafe-inline' styles; scripts stay strict). `connect-src 'self'` covers the presence WebSocket on the same
 * host (ws:/wss:, CSP Level 3, checked in Chromium). The agreement PDF is shown from a blob: URL (an <iframe> in the
 * console, an <object> in the portal).
 */
function spaDirectives(config: AppConfig, extra: { script?: string[]; connect?: string[]; frame?: string[] } = {}): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(extra.script ?? [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(extra.connect ?? [])],
    'frame-src': ["'self'", 'blob:', ...(extra.frame ?? [])],
    'object-src': ['blob:'],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': config.env === 'production' ? [] : null,
  };
}

/**
 * The sandbox providers' pages: the payment checkout (/api/payments/sandbox/:id) and the mandate authorisation
 * (/api/mandates/sandbox/:id): their own inline styles, no script at all, and forms that post only to our own origin
 * (which then redirects back to the portal, same origin). Under the API's policy their styles would not apply and
 * their forms could not be sent (`form-action 'none'`).
 */
const sandboxCheckoutDirectives: Directives = {
  'default-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
};

/** JSON, problem details and PDFs: nothing in them should ever load or run. */
const apiDirectives: Directives = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/**
 * What a helmet middleware does to a response, recorded once at start-up and replayed on each request: with every
 * directive a fixed string (as here), helmet sets the same headers on every response, but walks a dozen
 * middlewares and rebuilds the Content-Security-Policy string each time to do so (issue 30, item 1). A middleware
 * that does anything but set and remove headers and call next at once is used as it is.
 */
export function fixedHeaders(middleware: Handler): Handler {
  const steps: ([name: string, value: string | number | readonly string[]] | [name: string])[] = [];
  let synchronous = false;
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => (steps.push([name, value]), recorder),
    removeHeader: (name: string) => void steps.push([name]),
  };
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    synchronous = error === undefined;
  });
  if (!synchronous) return middleware;
  return (_req, res, next) => {
    for (const step of steps) {
      if (step.length === 2) res.setHeader(step[0], step[1]);
      else res.removeHeader(step[0]);
    }
    next();
  };
}

/**
 * Security headers on every response (helmet): a Content-Security-Policy per kind of answer, no framing
 * (`frame-ancestors 'none'`, X-Frame-Options DENY), `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`
 * (reset links carry a secret in the path), and HSTS in production only (a development server on http://localhost
 * must not pin the browser to https).
 */
export function securityHeaders(config: AppConfig): Handler {
  const production = config.env === 'production';
  const common = (directives: Directives, opener: 'same-origin' | 'same-origin-allow-popups' = 'same-origin'): HelmetOptions => ({
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginOpenerPolicy: { policy: opener },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  const firebase = firebaseSources(config);
  const api = helmet(common(apiDirectives));
  const sandboxCheckout = helmet(common(sandboxCheckoutDirectives));
  // Swagger UI: helmet's default policy (which it renders under), never framed, no upgrade on plain-http development.
  const docs = helmet(
    common({
      ...helmet.contentSecurityPolicy.getDefaultDirectives(),
      'frame-ancestors': ["'none'"],
      'upgrade-insecure-requests': production ? [] : null,
    } as Directives),
  );
  const adminConsole = helmet(common(spaDirectives(config)));
  // The portal's Google sign-in popup reports back to its opener: COOP must allow popups.
  const portal = helmet(common(spaDirectives(config, firebase), firebase.frame.length > 0 ? 'same-origin-allow-popups' : 'same-origin'));
  return (req, res, next) => {
    const path = (req.url ?? '/').split('?')[0];
    const under = (prefix: string, caseless = false) => {
      const p = caseless ? path.toLowerCase() : path;
      return p === prefix || p.startsWith(`${prefix}/`);
    };
    if (under('/api/docs') || path.startsWith('/api/docs-')) return docs(req, res, next);
    if (path.startsWith('/api/payments/sandbox/') || path.startsWith('/api/mandates/sandbox/')) return sandboxCheckout(req, res, next);
    if (under('/api') || under('/socket.io')) return api(req, res, next);
    // The /Admin mount is matched without regard to case (static-files.ts), as Express matched it.
    if (under('/admin', true)) return adminConsole(req, res, next);
    return portal(req, res, next);
  };
}
