import { Navigate, type RouteObject } from 'react-router-dom';
import { AdminRedirect } from '@/features/auth/components/admin-redirect';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { UnauthorizedScreen } from '@/features/auth/components/unauthorized-screen';
// The storefront's first pages come with the app: a first visit on a slow phone paints them
// without another download once the app has started (decision 019).
import { HomeScreen } from '@/features/home/components/home-screen';
import { MenuScreen } from '@/features/menu/components/menu-screen';
import { RestaurantsScreen } from '@/features/restaurants/components/restaurants-screen';
import {
  BagLabelsScreen,
  BatchPrintScreen,
  CampusAdminScreen,
  CartScreen,
  CheckoutScreen,
  DemoScreen,
  LoginScreen,
  MailOutboxScreen,
  MartItemsScreen,
  MyOrdersScreen,
  NewPasswordScreen,
  OrderScreen,
  SheetScreen,
  SignupScreen,
  SuperAdminScreen,
} from './lazy-screens';

// docs/product.md §2's route table, and My Orders (docs/architecture.md §8) guarded as checkout is.
export const routes: RouteObject[] = [
  { path: '/', element: <HomeScreen /> },
  { path: '/home', element: <HomeScreen /> },
  { path: '/restaurants', element: <RestaurantsScreen /> },
  { path: '/mart-items', element: <MartItemsScreen /> },
  { path: '/menu/:restaurantId', element: <MenuScreen /> },
  {
    path: '/cart',
    element: (
      <RequireAuth>
        <CartScreen />
      </RequireAuth>
    ),
  },
  {
    path: '/checkout',
    element: (
      <RequireAuth>
        <CheckoutScreen />
      </RequireAuth>
    ),
  },
  {
    path: '/orders',
    element: (
      <RequireAuth>
        <MyOrdersScreen />
      </RequireAuth>
    ),
  },
  {
    path: '/orders/:id',
    element: (
      <RequireAuth>
        <OrderScreen />
      </RequireAuth>
    ),
  },
  { path: '/login', element: <LoginScreen /> },
  { path: '/signup', element: <SignupScreen /> },
  { path: '/reset-password', element: <NewPasswordScreen /> },
  { path: '/demo', element: <DemoScreen /> },
  {
    path: '/super-admin',
    element: (
      <RequireAuth roles={['superAdmin']}>
        <SuperAdminScreen />
      </RequireAuth>
    ),
  },
  {
    path: '/super-admin/mail',
    element: (
      <RequireAuth roles={['superAdmin']}>
        <MailOutboxScreen />
      </RequireAuth>
    ),
  },
  {
    // A tab of the local orders spreadsheet; the api lets a campus admin see only their own.
    path: '/sheets/:tab',
    element: (
      <RequireAuth roles={['superAdmin', 'campusAdmin']}>
        <SheetScreen />
      </RequireAuth>
    ),
  },
  {
    path: '/admin/:universityId/:campusId',
    element: (
      <RequireAuth roles={['superAdmin', 'campusAdmin']} campusScoped>
        <CampusAdminScreen />
      </RequireAuth>
    ),
  },
  {
    // A batch's pick lists to print; the api lets a campus admin open only their own campus's.
    path: '/admin/batches/:batchId/print',
    element: (
      <RequireAuth roles={['superAdmin', 'campusAdmin']}>
        <BatchPrintScreen />
      </RequireAuth>
    ),
  },
  {
    // A batch's bag labels to print, under the same rule.
    path: '/admin/batches/:batchId/labels',
    element: (
      <RequireAuth roles={['superAdmin', 'campusAdmin']}>
        <BagLabelsScreen />
      </RequireAuth>
    ),
  },
  {
    path: '/admin',
    element: (
      <RequireAuth>
        <AdminRedirect />
      </RequireAuth>
    ),
  },
  { path: '/unauthorized', element: <UnauthorizedScreen /> },
  { path: '*', element: <Navigate to="/" replace /> },
];
