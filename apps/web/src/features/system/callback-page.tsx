// Integration callbacks (spec 1 §2) pass straight through to the page where the flow continues,
// keeping the query string the provider sent.
import { Navigate, useLocation } from 'react-router';

/** The callback pages and where each returns the user. */
export const CALLBACK_TARGETS = {
  appleAdsCallback: '/integrations',
  appleAdsOnboardCallback: '/welcome-onboard/setup',
  billingCallback: '/manage-subscription',
} as const;

export default function CallbackPage({ page }: { page: keyof typeof CALLBACK_TARGETS }) {
  const { search } = useLocation();
  return <Navigate to={`${CALLBACK_TARGETS[page]}${search}`} replace />;
}
