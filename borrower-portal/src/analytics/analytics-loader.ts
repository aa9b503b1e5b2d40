import type { FirebaseWebConfig } from '../push/push-config';

/** `location`: the page as the provider may see it (pageViewLocation: origin and safe path, no query, no secret). */
export type PageLocation = { page_location: string; page_path: string };
export type Tracker = {
  pageView(location: PageLocation): void;
  event(name: string, params: Record<string, string>, location: PageLocation): void;
};

/**
 * firebase/analytics, in its own chunk, fetched only once analytics is configured and consented to. Answers no
 * tracker where the browser cannot run it, logging spec §8's 'Analytics Not Supported'.
 */
export async function startAnalytics(config: FirebaseWebConfig, initial: PageLocation): Promise<Tracker | undefined> {
  const [{ initializeApp, getApps }, analytics] = await Promise.all([import('firebase/app'), import('firebase/analytics')]);
  if (!(await analytics.isSupported().catch(() => false))) {
    console.log('Analytics Not Supported');
    return undefined;
  }
  const app =
    getApps()[0] ??
    initializeApp({
      apiKey: config.apiKey,
      authDomain: config.authDomain,
      projectId: config.projectId,
      appId: config.appId,
      messagingSenderId: config.messagingSenderId,
      measurementId: config.measurementId,
    });
  // No automatic page view (it would carry the full URL, a token path included): the portal sends its own, and every
  // hit's location is the safe one, set as the default before anything is sent.
  analytics.setDefaultEventParameters(initial);
  let instance: ReturnType<typeof analytics.getAnalytics>;
  try {
    instance = analytics.initializeAnalytics(app, { config: { send_page_view: false, ...initial } });
  } catch {
    instance = analytics.getAnalytics(app); // already initialised (a second start in this page), with these settings
  }
  const at = (location: PageLocation) => analytics.setDefaultEventParameters(location);
  return {
    pageView: (location) => {
      at(location);
      analytics.logEvent(instance, 'page_view', { ...location, page_title: document.title });
    },
    event: (name, params, location) => {
      at(location);
      analytics.logEvent(instance, name, { ...params, ...location });
    },
  };
}
