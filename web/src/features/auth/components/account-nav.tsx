import { formatError } from '@campus/shared/domain/error-catalogue';
import {
  campusAdminRoute,
  isCampusAdmin,
  isSuperAdmin,
  ROLE_LABELS,
} from '@campus/shared/domain/roles';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@/components/link';
import { useAuth } from '@/stores/auth';

const linkClass = 'text-gray-700 hover:text-orange-700';

/** 'Super Admin' or 'Campus Admin' links, shown only to the matching role (docs/product.md §2). */
export function AdminNavLinks() {
  const { user } = useAuth();
  if (isSuperAdmin(user)) {
    return (
      <Link to="/super-admin" className={linkClass}>
        {ROLE_LABELS.superAdmin}
      </Link>
    );
  }
  if (isCampusAdmin(user) && user?.universityId && user.campusId) {
    return (
      <Link to={campusAdminRoute(user.universityId, user.campusId)} className={linkClass}>
        {ROLE_LABELS.campusAdmin}
      </Link>
    );
  }
  return null;
}

/**
 * Signed out: 'Sign In' and 'Sign Up'. Signed in: the e-mail dropdown with role, 'My Orders'
 * and 'Sign Out'.
 */
export function AccountNav() {
  const { loading, user, signOut } = useAuth();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !menu.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (loading) return null;
  if (!user) {
    return (
      <div className="flex items-center gap-3">
        <Link to="/login" className={linkClass}>
          Sign In
        </Link>
        <Link
          to="/signup"
          className="rounded bg-orange-700 px-3 py-1.5 text-white hover:bg-orange-800"
        >
          Sign Up
        </Link>
      </div>
    );
  }
  return (
    <div className="relative" ref={menu}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className="max-w-56 truncate rounded border border-gray-300 px-3 py-1.5 text-sm text-gray-800 hover:bg-gray-100"
      >
        {user.email}
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-20 mt-2 w-56 rounded border border-gray-200 bg-white p-2 shadow-lg"
        >
          <p className="truncate px-2 py-1 text-sm font-medium">{user.email}</p>
          <p className="px-2 pb-2 text-xs text-gray-600">{ROLE_LABELS[user.role]}</p>
          <Link
            to="/orders"
            role="menuitem"
            onClick={() => setOpen(false)}
            className="block w-full rounded px-2 py-1.5 text-left text-sm hover:bg-gray-100"
          >
            My Orders
          </Link>
          <button
            type="button"
            role="menuitem"
            className="w-full rounded px-2 py-1.5 text-left text-sm hover:bg-gray-100"
            onClick={async () => {
              setOpen(false);
              try {
                await signOut();
              } catch (error) {
                // Still signed in: say so rather than pretend.
                window.alert(formatError(error).message);
              }
            }}
          >
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}
