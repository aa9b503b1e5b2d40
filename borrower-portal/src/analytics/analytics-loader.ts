import type { FirebaseWebConfig } from '../push/push-config';

export type Tracker = { pageView(path: string): void; event(name: string, params: Record<string, string>): void };

/**
 * firebase/analytics, in its own chunk, fetched only once analytics is configured and consented to. Answers no
 * tracker where the browser cannot run it, logging spec §8's 'Analytics Not Supported'.
 */
export async function startAnalytics(config: FirebaseWebConfig): Promise<Tracker | undefined> {
  const [{ initializeApp, getApps }, analytics] = await Promise.all([import('firebase/app'), import('firebase/analytics')]);
  if (!(await analytics.isSupported().catch(() => false))) {
    console.log('Analytics Not Supported');
    return undefined;
  }
  const app = getApps()[0] ?? initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId, appId: config.appId, messagingSenderId: config.messagingSenderId, measurementId: config.measurementId });
  const instance = analytics.getAnalytics(app);
  return {
    pageView: (path) => analytics.logEvent(instance, 'page_view', { page_path: path }),
    event: (name, params) => analytics.logEvent(instance, name, params),
  };
}
