// Screen messages of docs/product.md §8 that every storefront page may show: the catalogue pages'
// texts and the auth hook's. They live apart from the admin's (screen-messages.ts) so that the
// first paint, which imports this module, carries none of those (decision 017).

/** Texts of the catalogue pages (docs/product.md §2 Restaurants, Mart items, Menu). */
export const CATALOGUE_MESSAGES = {
  restaurantNotFound: 'Restaurant not found at this campus.',
  tryAdjustingSearch: 'Try adjusting your search terms',
  showMore: (next: number, shown: number, total: number) =>
    `Show ${next} more (${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} shown)`,
  restaurants: {
    title: (campus: string) => `Restaurants at ${campus}`,
    searchPlaceholder: 'Search restaurants by name, cuisine, or location...',
    loading: 'Loading Restaurants...',
    empty: 'No restaurants available at this campus',
    emptyHint: 'Check back later for new restaurants!',
    noMatch: (term: string) => `No restaurants found matching "${term}"`,
  },
  martItems: {
    title: (campus: string) => `Mart Items at ${campus}`,
    searchPlaceholder: 'Search mart items by name, category, or description...',
    loading: 'Loading Mart Items...',
    empty: 'No mart items available at this campus',
    noMatch: (term: string) => `No mart items found matching "${term}"`,
  },
  menu: {
    title: (restaurant: string) => `Explore ${restaurant}'s Menu`,
    loading: 'Loading Menu...',
    empty: 'No menu items available',
    noMatch: (term: string) => `No menu items found matching "${term}"`,
  },
} as const;

/** Thrown when the auth hook is used outside its provider. */
export const USE_AUTH_OUTSIDE_PROVIDER = 'useAuth must be used within an AuthProvider';
