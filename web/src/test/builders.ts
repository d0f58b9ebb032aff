import type { TAdminCampus, TAdminUniversity } from '@campus/shared/domain/admin-api';
import type { TAdminRestaurant } from '@campus/shared/domain/admin-forms';
import type { TBatchDetailResponse, TBatchSummary } from '@campus/shared/domain/batch-api';
import type { TAllowedDomain, TUserProfile } from '@campus/shared/domain/entities';
import type { TOrderDetail } from '@campus/shared/domain/order-api';
import type { TSetAsideRow } from '@campus/shared/domain/sheet-requests';

// Test data of the web's component tests, each with overrides (CONVENTIONS: builders, not copied
// fixtures). The defaults are one campus of one university and a student of it.

export function buildUser(overrides: Partial<TUserProfile> = {}): TUserProfile {
  return {
    uid: 'u-student',
    email: 'ayesha@uni.edu.pk',
    firstName: 'Ayesha',
    lastName: 'Khan',
    universityId: 'uni-1',
    campusId: 'campus-1',
    universityName: 'Punjab University',
    campusName: 'Main Campus',
    role: 'user',
    createdAt: '2026-11-01T10:00:00.000Z',
    emailVerified: true,
    ...overrides,
  };
}

/** A super admin: no campus of their own. */
export function buildSuperAdmin(overrides: Partial<TUserProfile> = {}): TUserProfile {
  return buildUser({
    uid: 'u-root',
    email: 'root@campusbucket.pk',
    firstName: 'Sara',
    lastName: 'Admin',
    universityId: null,
    campusId: null,
    universityName: null,
    campusName: null,
    role: 'superAdmin',
    ...overrides,
  });
}

/** The campus admin of the default campus. */
export function buildCampusAdmin(overrides: Partial<TUserProfile> = {}): TUserProfile {
  return buildUser({
    uid: 'u-campus-admin',
    email: 'bilal@uni.edu.pk',
    firstName: 'Bilal',
    lastName: 'Raza',
    role: 'campusAdmin',
    ...overrides,
  });
}

export function buildCampus(overrides: Partial<TAdminCampus> = {}): TAdminCampus {
  return {
    id: 'campus-1',
    universityId: 'uni-1',
    name: 'Main Campus',
    location: 'Canal Road',
    payToAccountTitle: null,
    payToBankName: null,
    payToAccountNumber: null,
    ...overrides,
  };
}

export function buildUniversity(overrides: Partial<TAdminUniversity> = {}): TAdminUniversity {
  return { id: 'uni-1', name: 'Punjab University', campuses: [buildCampus()], ...overrides };
}

export function buildDomain(overrides: Partial<TAllowedDomain> = {}): TAllowedDomain {
  return {
    id: 'd-1',
    name: 'Main campus students',
    domain: '@pu.edu.pk',
    universityId: 'uni-1',
    campusId: 'campus-1',
    ...overrides,
  };
}

export function buildRestaurant(overrides: Partial<TAdminRestaurant> = {}): TAdminRestaurant {
  return {
    id: 'r-1',
    universityId: 'uni-1',
    campusId: 'campus-1',
    name: 'Chai Dhaba',
    location: 'Block A',
    cuisine: 'Pakistani',
    openTime: '10:00 AM',
    closeTime: '10:00 PM',
    is24x7: false,
    contactEmail: 'kitchen@chaidhaba.pk',
    roundCapacity: null,
    ...overrides,
  };
}

/** A tab of the orders spreadsheet, as GET /api/sheets/tabs lists it. */
export function buildSheetTab(name: string) {
  return { name, sheetId: name.length, url: `/sheets/${name}` };
}

export function buildSetAsideRow(overrides: Partial<TSetAsideRow> = {}): TSetAsideRow {
  return {
    orderId: 'order-1',
    placedAt: '2026-11-02T09:30:00.000Z',
    reason: 'a cell holds more than 50,000 characters',
    ...overrides,
  };
}

/** An order of the default student, waiting for its payment check, with two lines. */
export function buildOrder(overrides: Partial<TOrderDetail> = {}): TOrderDetail {
  return {
    id: 'order-1',
    paymentReference: 'CB-7K3QM',
    status: 'placed',
    placedAt: '2026-11-24T09:30:00.000Z',
    statusChangedAt: null,
    timeZone: 'Asia/Karachi',
    universityName: 'Punjab University',
    campusName: 'Main Campus',
    firstName: 'Ayesha',
    lastName: 'Khan',
    phone: '0300-1234567',
    grandTotalPaisa: 42_000,
    cartItemsText: 'Chai Dhaba:\n- Doodh Patti x 2 = Rs 160.00\n\nMart:\n- Water x 1 = Rs 130.00',
    placeName: 'Hall 3',
    room: 'Room 12',
    email: 'ayesha@uni.edu.pk',
    persons: 1,
    accountTitle: 'Ayesha Khan',
    bankName: 'Meezan Bank',
    specialInstruction: '',
    itemTotalPaisa: 29_000,
    deliveryChargePaisa: 13_000,
    screenshotUrl: '/uploads/order-1.png',
    lines: [
      {
        name: 'Doodh Patti',
        restaurantName: 'Chai Dhaba',
        quantity: 2,
        unitPricePaisa: 8_000,
        lineTotalPaisa: 16_000,
      },
      {
        name: 'Water',
        restaurantName: 'Mart',
        quantity: 1,
        unitPricePaisa: 13_000,
        lineTotalPaisa: 13_000,
      },
    ],
    transitions: [],
    notes: [],
    round: null,
    actions: ['cancel'],
    resubmitUntil: null,
    balanceDuePaisa: null,
    refund: null,
    ...overrides,
  };
}

/** A round of the Batches tab: Thursday Nov 26, cut-off 12:30 PM, delivery 1:30 PM (Karachi). */
export function buildBatch(overrides: Partial<TBatchSummary> = {}): TBatchSummary {
  return {
    id: 'batch-1',
    universityId: 'uni-1',
    campusId: 'campus-1',
    universityName: 'Punjab University',
    campusName: 'Main Campus',
    timeZone: 'Asia/Karachi',
    cutoffAt: '2026-11-26T07:30:00.000Z',
    deliveryAt: '2026-11-26T08:30:00.000Z',
    closedAt: null,
    orderCount: 5,
    verifiedCount: 3,
    waitingCount: 2,
    outForDeliveryCount: 1,
    deliveredCount: 0,
    totalPaisa: 123_400,
    verifiedTotalPaisa: 80_000,
    ...overrides,
  };
}

/** A batch with its lists: two restaurants and the mart, three orders at two places. */
export function buildBatchDetail(
  overrides: Partial<TBatchDetailResponse> = {},
): TBatchDetailResponse {
  return {
    ok: true,
    batch: { ...buildBatch(), id: 'batch-1' },
    pickLists: [
      {
        isMart: true,
        restaurantId: null,
        restaurantName: 'Mart',
        items: [
          {
            name: 'Water',
            quantity: 4,
            added: 0,
            bags: [{ paymentReference: 'CB-3MN8', quantity: 4 }],
          },
        ],
        waitingOrders: 0,
      },
      {
        isMart: false,
        restaurantId: 'r-1',
        restaurantName: 'Chai Dhaba',
        items: [
          {
            name: 'Doodh Patti',
            quantity: 5,
            added: 0,
            bags: [
              { paymentReference: 'CB-4KX7', quantity: 2 },
              { paymentReference: 'CB-9PQ2', quantity: 3 },
            ],
          },
          {
            name: 'Samosa',
            quantity: 3,
            added: 1,
            bags: [{ paymentReference: 'CB-9PQ2', quantity: 3 }],
          },
        ],
        waitingOrders: 2,
      },
      {
        isMart: false,
        restaurantId: 'r-2',
        restaurantName: 'Burger Lab',
        items: [
          {
            name: 'Zinger',
            quantity: 2,
            added: 0,
            bags: [{ paymentReference: 'CB-9PQ2', quantity: 2 }],
          },
        ],
        waitingOrders: 0,
      },
    ],
    dropList: [
      {
        place: 'Hall 3',
        orders: [
          {
            orderId: 'o-ayesha',
            paymentReference: 'CB-4KX7',
            status: 'out_for_delivery',
            room: 'Room 12',
            name: 'Ayesha Khan',
            phone: '0300-1234567',
            items: 'Doodh Patti x 2',
            instruction: 'Call on arrival',
            grandTotalPaisa: 42_000,
          },
          {
            orderId: 'o-hamza',
            paymentReference: 'CB-9PQ2',
            status: 'verified',
            room: 'Room 20',
            name: 'Hamza Ali',
            phone: '0321-7654321',
            items: 'Zinger x 2',
            instruction: '',
            grandTotalPaisa: 123_400,
          },
        ],
      },
      {
        place: 'Iqbal Hall',
        orders: [
          {
            orderId: 'o-sana',
            paymentReference: 'CB-3MN8',
            status: 'verified',
            room: '204',
            name: 'Sana Iqbal',
            phone: '0333-1112223',
            items: 'Water x 4',
            instruction: '',
            grandTotalPaisa: 65_000,
          },
        ],
      },
    ],
    ...overrides,
  };
}
