import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { guardExternalNavigation } from '@lending/web-common/external-url';
import { connectPresence } from '@lending/web-common/presence';
import { LoadingBar, useApiBusy, useReloadOnNewBuild } from '@lending/web-common/react';
import { AnalyticsBridge } from '../analytics/AnalyticsBridge';
import { EXTERNAL_URLS } from '../external-urls';
import { PushBridge } from '../push/PushBridge';
import { useToken } from '../session/auth-state';
import { handleDeviceChanged, handleDeviceReload, handleUnauthorized, setNavigate } from '../session/session';
import { ConfirmProvider } from './ConfirmDialog';
import { ToastProvider } from './Toasts';

/** The root shell (spec §2): loading bar, toast area, confirmation dialog and the current page. */
export function Root() {
  const navigation = useNavigation();
  const apiBusy = useApiBusy();
  useEffect(() => guardExternalNavigation(EXTERNAL_URLS), []);
  return (
    <ToastProvider position="top-right">
      <ConfirmProvider>
        <LoadingBar active={navigation.state !== 'idle' || apiBusy} />
        <SessionBridge />
        <PushBridge />
        <AnalyticsBridge />
        <ReloadOnNewBuild />
        <ScrollRestoration />
        <Outlet />
      </ConfirmProvider>
    </ToastProvider>
  );
}

/** Hands the router to the session module and keeps the presence socket open while someone is signed in. */
function SessionBridge() {
  const navigate = useNavigate();
  const token = useToken();
  useEffect(() => setNavigate((to) => navigate(to)), [navigate]);
  useEffect(() => {
    if (!token) return;
    return connectPresence(token, {
      onDeviceChanged: () => void handleDeviceChanged(),
      onDeviceReload: () => void handleDeviceReload(),
      onSessionEnded: (reason) => void handleUnauthorized({ type: reason, status: 401 }, '/socket.io'),
    });
  }, [token]);
  return null;
}

/** Polls for a newer build; once one is out, the next route change reloads the page (spec §4). */
function ReloadOnNewBuild() {
  useReloadOnNewBuild(useLocation().pathname);
  return null;
}
