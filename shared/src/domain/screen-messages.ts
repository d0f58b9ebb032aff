// Screen messages of docs/product.md §8 that belong to no single rule. Auth, checkout, cart, role
// and form messages live beside their rules (AUTH_MESSAGES, CHECKOUT_MESSAGES, ...); those of every
// storefront page in storefront-messages.ts, which the web's first paint imports without these.

/** Admin failure and success messages. */
export const ADMIN_MESSAGES = {
  saveUniversityFailed: 'Failed to save university',
  deleteUniversityFailed: 'Failed to delete university',
  saveCampusFailed: 'Failed to save campus',
  // Not in the spec's list, which has no campus deletion failure; worded like its siblings.
  deleteCampusFailed: 'Failed to delete campus',
  campusTabCreateFailed: (message: string) =>
    `Campus created but failed to create spreadsheet tab: ${message}`,
  campusTabDeleteFailed: (message: string) =>
    `Campus deleted but failed to delete spreadsheet tab: ${message}`,
  // Not in the spec, which renames no tab; a rename writes to a tab of the new name.
  campusRenameTabFailed: (message: string) =>
    `Campus renamed but failed to create spreadsheet tab: ${message}`,
  universityRenameTabFailed: (message: string) =>
    `University renamed but failed to create spreadsheet tab: ${message}`,
  updateRoleFailed: 'Failed to update user role',
  deleteUserFailed: 'Failed to delete user',
  createUserFailed: (message: string) => `Failed to create user: ${message}`,
  saveRestaurantFailed: 'Failed to save restaurant',
  deleteRestaurantFailed: 'Failed to delete restaurant',
  saveMenuItemFailed: 'Failed to save menu item',
  deleteMenuItemFailed: 'Failed to delete menu item',
  deleteMenuItemsFailed: 'Failed to delete menu items',
  deleteUsersFailed: 'Failed to delete users',
  deleteRestaurantsFailed: 'Failed to delete restaurants',
  saveMartItemFailed: 'Failed to save mart item',
  deleteMartItemsFailed: 'Failed to delete mart item(s)',
  saveDomainFailed: 'Failed to save domain',
  deleteDomainFailed: 'Failed to delete domain',
  uploadImageFailed: 'Failed to upload image. Please try again.',
  requestTimeout: 'Request timeout after 30 seconds',
  userCreated:
    'User created successfully! The user can now sign in with the provided email and password.',
} as const;

/** Empty-list messages of the admin dashboards. */
export const EMPTY_LIST_MESSAGES = {
  campuses: 'No campuses yet',
  users: 'No users found matching the current filters.',
  restaurants: 'No restaurants found with the selected filters.',
  menuItems: 'No menu items found with the selected filters.',
  martItems: 'No mart items found with the selected filters.',
  domains: 'No domains configured yet.',
  // Not in the spec, whose domain message is for none at all; worded like the filtered lists.
  domainsFiltered: 'No domains found with the selected filters.',
} as const;

/** Messages of the image helper (docs/product.md §5 Admin). */
export const IMAGE_MESSAGES = {
  notABlob: 'The file given is not an instance of Blob or File',
  notAnImage: 'The file given is not an image',
} as const;

/**
 * Titles and messages of the admin confirmation dialogs (docs/product.md §2 Confirmation dialog):
 * every deletion asks first; deleting a university warns what goes with it.
 */
export const ADMIN_CONFIRM_MESSAGES = {
  confirm: 'Delete',
  clear: 'Clear all',
  cancel: 'Cancel',
  deleteUniversity: {
    title: 'Delete university?',
    message: (name: string) =>
      `Delete ${name}? Its campuses, restaurants, menu items and mart items will be removed as well. This cannot be undone.`,
  },
  deleteCampus: {
    title: 'Delete campus?',
    message: (name: string) =>
      `Delete ${name}? Its restaurants, menu items and mart items will be removed as well, and its order sheet tab deleted. This cannot be undone.`,
  },
  deleteUser: {
    title: 'Delete user?',
    message: (name: string) => `Delete the account of ${name}? This cannot be undone.`,
  },
  clearUsers: {
    title: 'Delete all users of this campus?',
    message: (campus: string) =>
      `Delete every user and campus admin account of ${campus}? Super admins stay. This cannot be undone.`,
  },
  deleteDomain: {
    title: 'Delete domain?',
    message: (domain: string) =>
      `Delete ${domain}? Students with this e-mail domain will no longer be able to sign up. This cannot be undone.`,
  },
  deleteRestaurant: {
    title: 'Delete restaurant?',
    message: (name: string) =>
      `Delete ${name}? Its menu items will be removed as well. This cannot be undone.`,
  },
  clearRestaurants: {
    title: 'Clear all restaurants?',
    message: (campus: string) =>
      `Delete every restaurant of ${campus}, with their menu items? This cannot be undone.`,
  },
  deleteMenuItem: {
    title: 'Delete menu item?',
    message: (name: string) => `Delete ${name} from the menu? This cannot be undone.`,
  },
  clearMenu: {
    title: 'Clear menu?',
    message: (restaurant: string) =>
      `Delete every menu item of ${restaurant}? This cannot be undone.`,
  },
  deleteMartItem: {
    title: 'Delete mart item?',
    message: (name: string) => `Delete ${name}? This cannot be undone.`,
  },
  clearMartItems: {
    title: 'Clear all mart items?',
    message: (campus: string) => `Delete every mart item of ${campus}? This cannot be undone.`,
  },
} as const;
