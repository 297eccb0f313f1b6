// Signing out clears every browser-stored key of the session (spec 2 §3.5) and goes to login.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { clearSessionStorage } from './session-storage';

export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    clearSessionStorage();
    void navigate('/login', { replace: true });
  }, [navigate]);
  return <PageLoader />;
}
