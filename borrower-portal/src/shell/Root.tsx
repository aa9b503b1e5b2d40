import { useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { useToken } from '../session/auth-state';
import { handleDeviceChanged, handleDeviceReload, handleUnauthorized, setNavigate } from '../session/session';
import { getDeviceId } from '../session/storage';
import { isNewerBuildAvailable, reloadOnce, watchForNewBuilds } from '../updates/build-watcher';
import { onActivity } from './activity';
import { ConfirmProvider } from './ConfirmDialog';
import { LoadingBar } from './LoadingBar';
import { ToastProvider } from './Toasts';

/** The root shell (spec §2): loading bar, toast area, confirmation dialog and the current page. */
export function Root() {
  const navigation = useNavigation();
  const [apiBusy, setApiBusy] = useState(false);
  useEffect(() => onActivity(setApiBusy), []);
  return (
    <ToastProvider position="top-right">
      <ConfirmProvider>
        <LoadingBar active={navigation.state !== 'idle' || apiBusy} />
        <SessionBridge />
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
    let disconnect: (() => void) | undefined;
    let cancelled = false;
    void import('../session/presence').then(({ connectPresence }) => {
      if (cancelled) return;
      disconnect = connectPresence(token, getDeviceId(), {
        onDeviceChanged: () => void handleDeviceChanged(),
        onDeviceReload: () => void handleDeviceReload(),
        onSessionEnded: (reason) => void handleUnauthorized({ type: reason, status: 401 }, '/socket.io'),
      });
    });
    return () => {
      cancelled = true;
      disconnect?.();
    };
  }, [token]);
  return null;
}

/** Polls for a newer build; once one is out, the next route change reloads the page (spec §4). */
function ReloadOnNewBuild() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => watchForNewBuilds(), []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (isNewerBuildAvailable()) reloadOnce();
  }, [pathname]);
  return null;
}
