// Integration callbacks (spec 1 §2) pass straight through to the page where the flow continues,
// keeping the query string the provider sent.
import { Navigate, useLocation } from 'react-router';
import type { PageKey } from '../../app/route-table';
import { CALLBACK_TARGETS } from './empty-pages';

export default function CallbackPage({ page }: { page: PageKey }) {
  const { search } = useLocation();
  return <Navigate to={`${CALLBACK_TARGETS[page] ?? '/overview'}${search}`} replace />;
}
