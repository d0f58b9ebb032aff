import {
  addToCart,
  CART_MESSAGES,
  CART_OWNER_KEY,
  CART_STORAGE_KEY,
  type CartLineKey,
  campusLockMessage,
  clearCart,
  decrementLine,
  incrementLine,
  type NewCartLine,
  type PriceChange,
  parsePendingAdd,
  parseStoredCart,
  removeLine,
  totalQuantity,
} from '@campus/shared/domain/cart';
import { cartAtQuote, repriceCart } from '@campus/shared/domain/cart-prices';
import type { TCartLine } from '@campus/shared/domain/entities';
import type { TQuote } from '@campus/shared/domain/quote';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { NoticeDialog } from '@/components/ui/notice-dialog';
import { fromHere, useAuth } from './auth';

export interface CartStore {
  items: TCartLine[];
  /** Total item quantity, for the floating cart badge. */
  totalQuantity: number;
  /** Adds one of an item (a new line, or +1 on its line); the campus lock applies. */
  add(line: NewCartLine): void;
  /** +1 on a line, capped at the mart stock; the campus lock applies. */
  increment(line: CartLineKey & Pick<TCartLine, 'campusId'>): void;
  /** -1 on a line, never below 1. */
  decrement(key: CartLineKey): void;
  remove(key: CartLineKey): void;
  clear(): void;
  /**
   * Re-prices the cart from items as they are now (a price check, or a catalogue page's items);
   * each changed price joins `priceChanges`.
   */
  reprice(items: readonly NewCartLine[]): void;
  /** Makes the cart what a checkout quote holds (the student accepted its changes). */
  applyQuote(lines: TQuote['lines']): void;
  /** Prices that changed since the person last saw them, for a notice. */
  priceChanges: PriceChange[];
  dismissPriceChanges(): void;
}

/** Session storage key of the add a signed-out visitor asked for, done once they sign in. */
const PENDING_ADD_KEY = 'pendingBucketAdd';

const CartContext = createContext<CartStore | null>(null);

function readCart(): TCartLine[] {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return [];
  }
}

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/** Takes (and forgets) the add a signed-out visitor asked for. */
function takePendingAdd(): NewCartLine | null {
  const session = storage('sessionStorage');
  const raw = session?.getItem(PENDING_ADD_KEY) ?? null;
  session?.removeItem(PENDING_ADD_KEY);
  return parsePendingAdd(raw);
}

/**
 * The cart (docs/product.md §4 cart states): kept in browser storage under cartItems and shared
 * by every tab. It belongs to one account: another account signing in on this browser starts empty.
 * All actions send a signed-out visitor to /login, saying why, and an add is done once they are
 * back; a user whose profile has a campus may add only that campus's items.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<TCartLine[]>(readCart);
  const [notice, setNotice] = useState<string | null>(null);
  const [priceChanges, setPriceChanges] = useState<PriceChange[]>([]);
  const { loading, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    try {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
    } catch (error) {
      console.warn('Could not save the bucket in this browser', error);
    }
  }, [items]);

  // Another tab changed the cart: show the same cart here.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) setItems(readCart());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const campusAllowed = useCallback(
    (itemCampusId: string): boolean => {
      const message = campusLockMessage(user?.campusId, itemCampusId);
      if (message) setNotice(message);
      return message === null;
    },
    [user?.campusId],
  );

  // The cart is the signed-in account's: another account's cart is not theirs to see. Then
  // the add they asked for before signing in is done.
  const uid = user?.uid;
  useEffect(() => {
    if (!uid) return;
    const local = storage('localStorage');
    const owner = local?.getItem(CART_OWNER_KEY) ?? null;
    if (owner !== uid) {
      if (owner !== null) setItems(clearCart());
      local?.setItem(CART_OWNER_KEY, uid);
    }
    const pending = takePendingAdd();
    if (pending && campusAllowed(pending.campusId)) {
      setItems((cart) => addToCart(cart, pending));
    }
  }, [uid, campusAllowed]);

  /**
   * Whether the visitor may act on the cart; sends them to /login when signed out, saying why
   * and keeping the item they wanted to add for when they are back.
   */
  const signedIn = useCallback(
    (adding?: NewCartLine): boolean => {
      if (loading) return false;
      if (user) return true;
      if (adding) storage('sessionStorage')?.setItem(PENDING_ADD_KEY, JSON.stringify(adding));
      // Same state shape as the route guard's, so sign-in brings them back here.
      navigate('/login', { state: { ...fromHere(location), reason: CART_MESSAGES.signInToAdd } });
      return false;
    },
    [loading, user, navigate, location],
  );

  const add = useCallback(
    (line: NewCartLine) => {
      if (!signedIn(line) || !campusAllowed(line.campusId)) return;
      setItems((cart) => addToCart(cart, line));
    },
    [signedIn, campusAllowed],
  );
  const increment = useCallback(
    (line: CartLineKey & Pick<TCartLine, 'campusId'>) => {
      if (!signedIn() || !campusAllowed(line.campusId)) return;
      setItems((cart) => incrementLine(cart, line));
    },
    [signedIn, campusAllowed],
  );
  const decrement = useCallback(
    (key: CartLineKey) => {
      if (signedIn()) setItems((cart) => decrementLine(cart, key));
    },
    [signedIn],
  );
  const remove = useCallback(
    (key: CartLineKey) => {
      if (signedIn()) setItems((cart) => removeLine(cart, key));
    },
    [signedIn],
  );
  const clear = useCallback(() => {
    if (signedIn()) setItems(clearCart());
  }, [signedIn]);

  const reprice = useCallback((fresh: readonly NewCartLine[]) => {
    setItems((cart) => {
      const { cart: next, changes } = repriceCart(cart, fresh);
      if (changes.length > 0) {
        setPriceChanges((known) => [
          ...known.filter((old) => !changes.some((change) => change.name === old.name)),
          ...changes,
        ]);
      }
      return next;
    });
  }, []);
  const dismissPriceChanges = useCallback(() => setPriceChanges([]), []);
  const applyQuote = useCallback((lines: TQuote['lines']) => {
    setItems((cart) => cartAtQuote(cart, lines));
    setPriceChanges([]);
  }, []);

  const value = useMemo<CartStore>(
    () => ({
      items,
      totalQuantity: totalQuantity(items),
      add,
      increment,
      decrement,
      remove,
      clear,
      reprice,
      applyQuote,
      priceChanges,
      dismissPriceChanges,
    }),
    [
      items,
      add,
      increment,
      decrement,
      remove,
      clear,
      reprice,
      applyQuote,
      priceChanges,
      dismissPriceChanges,
    ],
  );
  return (
    <CartContext.Provider value={value}>
      {children}
      <NoticeDialog message={notice} onClose={() => setNotice(null)} />
    </CartContext.Provider>
  );
}

/**
 * Re-prices the cart from the items a catalogue page shows, so the cart never shows a price
 * the page no longer does.
 */
export function useRepriceFrom(items: readonly NewCartLine[] | undefined): void {
  const { reprice } = useCart();
  useEffect(() => {
    if (items) reprice(items);
  }, [items, reprice]);
}

/** The cart; throws outside CartProvider. */
export function useCart(): CartStore {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used within a CartProvider');
  return value;
}
