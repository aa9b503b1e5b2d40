import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { firebaseWebConfig } from '../push/push-config';
import { analyticsConfigured, funnelEventOf, pageViewLocation, shouldAskConsent, shouldLoadAnalytics } from './analytics-decisions';
import type { Tracker } from './analytics-loader';
import { analyticsConsent, onConsentChanged, setAnalyticsConsent } from './consent';

/**
 * Page views and the application funnel for Firebase Analytics, only when a measurement id is configured AND the
 * visitor consented; until then not one byte of analytics code is fetched. Shows the consent control when needed.
 * Page views are sent by the portal (`send_page_view: false`), with a safe location: no token, id or query string.
 */
export function AnalyticsBridge() {
  const configured = analyticsConfigured(firebaseWebConfig());
  const [consent, setConsent] = useState(analyticsConsent);
  const tracker = useRef<Promise<Tracker | undefined> | undefined>(undefined);
  const { pathname } = useLocation();

  useEffect(() => onConsentChanged(() => setConsent(analyticsConsent())), []);

  useEffect(() => {
    if (!shouldLoadAnalytics(configured, consent)) return;
    // The location the provider sees: the origin and the path with secrets and ids replaced, no query string.
    const location = pageViewLocation(window.location.origin, pathname);
    tracker.current ??= import('./analytics-loader').then((m) => m.startAnalytics(firebaseWebConfig(), location)).catch(() => undefined);
    const funnel = funnelEventOf(pathname);
    void tracker.current.then((t) => {
      t?.pageView(location);
      if (funnel) t?.event(funnel.name, funnel.params, location);
    });
  }, [configured, consent, pathname]);

  if (!shouldAskConsent(configured, consent)) return null;
  return (
    <div className="consent-banner" role="region" aria-label="Analytics consent">
      <p>
        May we measure how this site is used (Google Analytics for Firebase)? It helps us make applying easier. Nothing is measured unless
        you agree.
      </p>
      <div className="actions">
        <button type="button" className="button button--primary button--small" onClick={() => setAnalyticsConsent('granted')}>
          Allow analytics
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => setAnalyticsConsent('denied')}>
          No thanks
        </button>
      </div>
    </div>
  );
}
