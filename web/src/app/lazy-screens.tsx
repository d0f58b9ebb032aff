import { lazy } from 'react';

// One chunk per screen, so the first page downloads only its own code; the storefront's first
// pages are not here but come with the app (routes.tsx, decision 019).

export const MartItemsScreen = lazy(() =>
  import('@/features/mart/components/mart-items-screen').then((m) => ({
    default: m.MartItemsScreen,
  })),
);
export const CartScreen = lazy(() =>
  import('@/features/cart/components/cart-screen').then((m) => ({ default: m.CartScreen })),
);
// Checkout: the form, and (on first use) the image compression library, load only here.
export const CheckoutScreen = lazy(() =>
  import('@/features/checkout/components/checkout-screen').then((m) => ({
    default: m.CheckoutScreen,
  })),
);
// My Orders: the student's orders and one order's page.
export const MyOrdersScreen = lazy(() =>
  import('@/features/orders/components/my-orders-screen').then((m) => ({
    default: m.MyOrdersScreen,
  })),
);
export const OrderScreen = lazy(() =>
  import('@/features/orders/components/order-screen').then((m) => ({ default: m.OrderScreen })),
);
export const DemoScreen = lazy(() =>
  import('@/features/demo/components/demo-screen').then((m) => ({ default: m.DemoScreen })),
);

// Accounts: forms and the captcha load only on these pages.
export const LoginScreen = lazy(() =>
  import('@/features/auth/components/login-screen').then((m) => ({ default: m.LoginScreen })),
);
export const SignupScreen = lazy(() =>
  import('@/features/auth/components/signup-screen').then((m) => ({ default: m.SignupScreen })),
);
export const NewPasswordScreen = lazy(() =>
  import('@/features/auth/components/new-password-screen').then((m) => ({
    default: m.NewPasswordScreen,
  })),
);

// Admin: the local orders spreadsheet's tab view.
export const SheetScreen = lazy(() =>
  import('@/features/sheets/components/sheet-screen').then((m) => ({ default: m.SheetScreen })),
);
export const CampusAdminScreen = lazy(() =>
  import('@/features/admin/components/campus-admin-screen').then((m) => ({
    default: m.CampusAdminScreen,
  })),
);

// A batch's pick lists to print, one restaurant per page.
export const BatchPrintScreen = lazy(() =>
  import('@/features/admin/components/delivery/batch-print-screen').then((m) => ({
    default: m.BatchPrintScreen,
  })),
);

// A batch's bag labels to print, each with the QR code of its order's page.
export const BagLabelsScreen = lazy(() =>
  import('@/features/admin/components/delivery/bag-labels-screen').then((m) => ({
    default: m.BagLabelsScreen,
  })),
);

// The super admin dashboard: every admin form and list loads only here.
export const SuperAdminScreen = lazy(() =>
  import('@/features/admin/components/super-admin/super-admin-screen').then((m) => ({
    default: m.SuperAdminScreen,
  })),
);

// The super admin's mail outbox, where e-mails go without SMTP.
export const MailOutboxScreen = lazy(() =>
  import('@/features/admin/components/super-admin/mail-outbox-screen').then((m) => ({
    default: m.MailOutboxScreen,
  })),
);
