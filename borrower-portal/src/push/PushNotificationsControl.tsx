import { useEffect, useState } from 'react';
import { enablePush, pushAvailability, pushRegistered, unregisterPush, type PushOutcome } from './push-registration';
import { permissionStep } from './push-decisions';

type View = 'hidden' | 'offer' | 'on' | 'blocked' | 'working';

const MESSAGES: Partial<Record<PushOutcome, string>> = {
  'permission-blocked': 'Notifications are blocked for this site. Allow them in your browser settings to hear about your loan.',
  'no-token': 'Notifications could not be turned on just now. Try again later.',
  'token-subscribe-failed': 'Notifications could not be turned on just now. Try again later.',
};

/**
 * The dashboard's notifications control (spec §4): shown only where push can work; the permission prompt comes only
 * from pressing the button, and only while the permission is undecided.
 */
export function PushNotificationsControl() {
  const [view, setView] = useState<View>('hidden');
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void pushAvailability().then((availability) => {
      if (!live || availability !== 'supported') return;
      const step = permissionStep(Notification.permission);
      setView(step === 'blocked' ? 'blocked' : step === 'register' && pushRegistered() ? 'on' : 'offer');
    });
    return () => {
      live = false;
    };
  }, []);

  if (view === 'hidden') return null;

  const turnOn = async () => {
    setView('working');
    setMessage(null);
    const outcome = await enablePush();
    if (outcome === 'registered') return setView('on');
    setMessage(MESSAGES[outcome] ?? 'Notifications are not available in this browser.');
    setView(outcome === 'permission-blocked' ? 'blocked' : 'offer');
  };
  const turnOff = async () => {
    setView('working');
    await unregisterPush();
    setView('offer');
  };

  return (
    <section className="card push-control" aria-labelledby="push-heading">
      <h2 id="push-heading">Notifications</h2>
      {view === 'on' ? (
        <>
          <p data-testid="push-status">
            Notifications are on for this device: we tell you when your loan moves and before an instalment is due.
          </p>
          <button type="button" className="button button--ghost button--small" onClick={() => void turnOff()}>
            Turn off notifications
          </button>
        </>
      ) : view === 'blocked' ? (
        <p data-testid="push-status" role="status">
          {message ?? 'Notifications are blocked for this site. Allow them in your browser settings to hear about your loan.'}
        </p>
      ) : (
        <>
          <p>Hear when your loan moves and before an instalment is due.</p>
          <button
            type="button"
            className="button button--primary button--small"
            disabled={view === 'working'}
            onClick={() => void turnOn()}
          >
            Turn on notifications
          </button>
          {message && (
            <p role="status" className="muted small">
              {message}
            </p>
          )}
        </>
      )}
    </section>
  );
}
