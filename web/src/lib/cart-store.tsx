import {
  addToCart,
  CART_STORAGE_KEY,
  type CartLineKey,
  campusLockMessage,
  clearCart,
  decrementLine,
  incrementLine,
  type NewCartLine,
  parseStoredCart,
  removeLine,
  totalQuantity,
} from '@campus/shared/domain/cart';
import type { TCartLine } from '@campus/shared/domain/entities';
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
}

const CartContext = createContext<CartStore | null>(null);

function readCart(): TCartLine[] {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return [];
  }
}

/**
 * The bucket (SPEC §4 cart states): kept in browser storage under cartItems and shared by every
 * tab. All actions send a signed-out visitor to /login, remembering the page they were on; a user
 * whose profile has a campus may add only that campus's items.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<TCartLine[]>(readCart);
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

  // Another tab changed the bucket: show the same bucket here.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) setItems(readCart());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  /** Whether the visitor may act on the bucket; sends them to /login when signed out. */
  const signedIn = useCallback((): boolean => {
    if (loading) return false;
    if (user) return true;
    // Same state shape as the route guard's, so sign-in brings them back here.
    navigate('/login', { state: fromHere(location) });
    return false;
  }, [loading, user, navigate, location]);

  const campusAllowed = useCallback(
    (itemCampusId: string): boolean => {
      const message = campusLockMessage(user?.campusId, itemCampusId);
      if (message) window.alert(message);
      return message === null;
    },
    [user?.campusId],
  );

  const add = useCallback(
    (line: NewCartLine) => {
      if (!signedIn() || !campusAllowed(line.campusId)) return;
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

  const value = useMemo<CartStore>(
    () => ({
      items,
      totalQuantity: totalQuantity(items),
      add,
      increment,
      decrement,
      remove,
      clear,
    }),
    [items, add, increment, decrement, remove, clear],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** The bucket; throws outside CartProvider. */
export function useCart(): CartStore {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used within a CartProvider');
  return value;
}
