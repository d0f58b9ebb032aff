import { Navigate, type RouteObject } from 'react-router-dom';
import { Placeholder } from './placeholder';

// SPEC §2's route table. Each screen replaces its placeholder as its feature lands.
export const routes: RouteObject[] = [
  { path: '/', element: <Placeholder title="Home" access="everyone" /> },
  { path: '/home', element: <Placeholder title="Home" access="everyone" /> },
  {
    path: '/restaurants',
    element: <Placeholder title="Restaurants" access="everyone, campus selection needed" />,
  },
  {
    path: '/mart-items',
    element: <Placeholder title="Mart Items" access="everyone, campus selection needed" />,
  },
  { path: '/menu/:restaurantId', element: <Placeholder title="Menu" access="everyone" /> },
  { path: '/cart', element: <Placeholder title="Your Cart" access="signed-in only" /> },
  { path: '/checkout', element: <Placeholder title="Checkout" access="signed-in only" /> },
  { path: '/login', element: <Placeholder title="Sign In" access="everyone" /> },
  { path: '/signup', element: <Placeholder title="Create Account" access="everyone" /> },
  { path: '/demo', element: <Placeholder title="Selector demo" access="everyone" /> },
  {
    path: '/super-admin',
    element: <Placeholder title="Super Admin Dashboard" access="superAdmin only" />,
  },
  {
    path: '/admin/:universityId/:campusId',
    element: (
      <Placeholder title="Campus Admin Dashboard" access="superAdmin or this campus's admin" />
    ),
  },
  { path: '/admin', element: <Placeholder title="Admin redirect" access="signed-in" /> },
  { path: '/unauthorized', element: <Placeholder title="Access Denied" access="everyone" /> },
  { path: '*', element: <Navigate to="/" replace /> },
];
