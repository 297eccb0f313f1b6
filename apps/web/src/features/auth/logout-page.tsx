// Signing out ends the server-side session (auth/signout), clears every browser-stored key of
// the session (spec 2 §3.5) and goes to login. A session the server already ended is cleared all
// the same, without a second alert. The socket closes first: the server cutting it as the session
// ends would otherwise read as the session ended elsewhere.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { closeRealtime } from '../../shared/realtime/realtime-connection';
import { authApi } from './auth-api';
import { clearSession, currentSession } from './session/session-store';

export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    closeRealtime();
    const signedOut = currentSession()
      ? authApi.signOut().catch(() => undefined)
      : Promise.resolve();
    void signedOut.then(() => {
      clearSession();
      void navigate('/login', { replace: true });
    });
  }, [navigate]);
  return <PageLoader />;
}
