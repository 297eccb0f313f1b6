// /signup (spec 1 §2): to sign-in with the sign-up flag while self sign-up is on, otherwise to
// the beta page. The state comes from the server (auth/get-ss); if it cannot be read, it is off.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { useClientConfig } from '../../shared/api/client-config';
import { authApi } from './auth-api';

export async function signupDestination(betaSignupUrl: string): Promise<string> {
  try {
    const state = await authApi.selfSignUp();
    return state.selfSignUp ? '/signin?signup=true' : betaSignupUrl;
  } catch {
    return betaSignupUrl;
  }
}

export default function SignupRedirect() {
  const navigate = useNavigate();
  const { betaSignupUrl } = useClientConfig();
  useEffect(() => {
    let active = true;
    void signupDestination(betaSignupUrl).then((destination) => {
      if (!active) return;
      if (/^https?:\/\//.test(destination)) window.location.assign(destination);
      else void navigate(destination, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [betaSignupUrl, navigate]);
  return <PageLoader />;
}
