import type {
  TAllowedDomain,
  TCampus,
  TMartItem,
  TMenuItem,
  TRestaurant,
  TUniversity,
  TUserProfile,
} from './entities';
import type { TRole } from './roles';

// The admin api's answers (under /api/admin; every one is `{ ok: true, ... }` or the error shape of
// CONVENTIONS.md). Requests are the admin forms of admin-forms.ts. Amounts are integer paisa.

/** The paths of the admin api, one place for the routes, the web and the tests. */
export const ADMIN_API = {
  overview: '/api/admin/overview',
  universities: '/api/admin/universities',
  campuses: '/api/admin/campuses',
  users: '/api/admin/users',
  domains: '/api/admin/domains',
  restaurants: '/api/admin/restaurants',
  menuItems: '/api/admin/menu-items',
  martItems: '/api/admin/mart-items',
  orders: '/api/admin/orders',
  deliverySlots: '/api/admin/delivery-slots',
  deliveryPlaces: '/api/admin/delivery-places',
  batches: '/api/admin/batches',
  insights: '/api/admin/insights',
} as const;

/** A campus as its admins see it: the public fields plus its pay-to account (null: the default). */
export type TAdminCampus = TCampus & {
  payToAccountTitle: string | null;
  payToBankName: string | null;
  payToAccountNumber: string | null;
};

/** A university with its campuses, both sorted by name. */
export type TAdminUniversity = TUniversity & { campuses: TAdminCampus[] };

/** GET overview: the counts of docs/product.md §2 System Overview. */
export interface TOverviewResponse {
  ok: true;
  counts: {
    universities: number;
    campuses: number;
    restaurants: number;
    menuItems: number;
    martItems: number;
    users: number;
  };
  usersByRole: Record<TRole, number>;
}

/**
 * What became of the spreadsheet tab job of a campus create, rename or delete: queued, or the
 * reason it could not be queued now (the outbox relay still queues it once the queue is back).
 */
export type TSheetTabOutcome =
  | { queued: true; tabName: string }
  | { queued: false; message: string };

export interface TUniversitiesResponse {
  ok: true;
  universities: TAdminUniversity[];
}
export interface TUniversityResponse {
  ok: true;
  university: TUniversity;
  /** Set on a rename: one tab outcome per campus, whose orders now go to a tab of the new name. */
  sheetTabs?: TSheetTabOutcome[];
}
/** Deleting a university: one tab outcome per campus that went with it. */
export interface TUniversityDeleteResponse {
  ok: true;
  sheetTabs: TSheetTabOutcome[];
}
export interface TCampusResponse {
  ok: true;
  campus: TAdminCampus;
  /** Set on create and rename (the new tab) and delete (the removed tab). */
  sheetTab?: TSheetTabOutcome;
}

export interface TUsersResponse {
  ok: true;
  users: TUserProfile[];
}
export interface TUserResponse {
  ok: true;
  user: TUserProfile;
}

export interface TDomainsResponse {
  ok: true;
  domains: TAllowedDomain[];
}
export interface TDomainResponse {
  ok: true;
  domain: TAllowedDomain;
}

export interface TRestaurantsResponse {
  ok: true;
  restaurants: TRestaurant[];
}
export interface TRestaurantResponse {
  ok: true;
  restaurant: TRestaurant;
}

/** A menu item with the campus it belongs to, so lists can be filtered by university and campus. */
export type TAdminMenuItem = TMenuItem & { universityId: string; campusId: string };
export interface TMenuItemsResponse {
  ok: true;
  menuItems: TAdminMenuItem[];
}
export interface TMenuItemResponse {
  ok: true;
  menuItem: TAdminMenuItem;
}

export interface TMartItemsResponse {
  ok: true;
  martItems: TMartItem[];
}
export interface TMartItemResponse {
  ok: true;
  martItem: TMartItem;
}

/** Any delete: how many rows went (bulk clears may remove none). */
export interface TDeletedResponse {
  ok: true;
  deleted: number;
}
