// The route objects React Router runs, built from the route table, each behind its guard.
import { Navigate, type RouteObject } from 'react-router';
import { RouteError } from '../features/system/route-error';
import { lazyPage } from './lazy-page';
import { AppLayout } from './layout/app-layout';
import { renderPage } from './pages';
import { RouteGuard } from './route-guard';
import { SIGNUP_PATH, pageRoutes, redirectRoutes } from './route-table';

const SignupRedirect = lazyPage(() => import('../features/auth/signup-redirect'));

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      errorElement: <RouteError />,
      children: [
        ...pageRoutes.map((route) => ({
          path: route.path,
          element: (
            <RouteGuard access={route.access} path={route.path}>
              {renderPage(route.page)}
            </RouteGuard>
          ),
          errorElement: <RouteError />,
        })),
        { path: SIGNUP_PATH, element: <SignupRedirect /> },
        ...redirectRoutes.map((route) => ({
          path: route.path,
          element: <Navigate to={route.redirectTo} replace />,
        })),
      ],
    },
  ];
}
