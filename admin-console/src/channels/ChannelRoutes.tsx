import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';
import { Route } from 'react-router-dom';

const WhatsappPage = lazy(() => withChunkRecovery(import('./WhatsappPage')).then((m) => ({ default: m.WhatsappPage })));
const IvrStatusPage = lazy(() => withChunkRecovery(import('./IvrStatusPage')).then((m) => ({ default: m.IvrStatusPage })));
const DialerPage = lazy(() => withChunkRecovery(import('./DialerPage')).then((m) => ({ default: m.DialerPage })));

/** The spec's /Admin/whatsapp, /Admin/IvrStatus and /Admin/Dialer, case-sensitive. */
export const channelRoutes = [
  <Route key="whatsapp" path="/whatsapp" caseSensitive element={<WhatsappPage />} />,
  <Route key="IvrStatus" path="/IvrStatus" caseSensitive element={<IvrStatusPage />} />,
  <Route key="Dialer" path="/Dialer" caseSensitive element={<DialerPage />} />,
];
