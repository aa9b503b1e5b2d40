import { getToken } from '@lending/web-common/session';
import { withChunkRecovery } from '@lending/web-common/updates';
import { loadConsole } from './console-chunk';
import { startSignedInRequests } from './providers/startup-requests';

// The entry chunk is small and holds no React (issue 11): it only decides what to fetch. Signed in, react-admin and
// the screens (Console), the staff member and the queue counts are asked at once, beside React and the root
// (Root.tsx), instead of after React had been downloaded and evaluated. Signed out, only the root (the sign-in form)
// is asked first; it loads the console behind the form (SignInScreen).
if (getToken()) {
  void loadConsole();
  startSignedInRequests();
}
void withChunkRecovery(import('./Root')).then(({ mountRoot }) => mountRoot(document.getElementById('root')!));
