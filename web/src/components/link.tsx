import type { AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router-dom';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link inside the app, made of React Router's own hooks for custom links: the address it shows
 * and the navigation on a plain click (a click with a modifier key, or to another target, is the
 * browser's). React Router's `Link` also carries its framework mode's prefetching and view
 * transitions, which its body refers to, so every page would load them unused: 2.4 KB gzip of the
 * first paint (decision 017).
 */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const followLink = useLinkClickHandler(to, { target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) followLink(event);
      }}
    />
  );
}

/**
 * A link of the navigation: `aria-current="page"` while its page, or with `end` unset a page under
 * it, is open. Paths compare without regard to case, as the routes match them.
 */
export function NavLink({ end = false, ...props }: LinkProps & { end?: boolean }) {
  const open = useLocation().pathname.toLowerCase();
  const page = useResolvedPath(props.to).pathname.toLowerCase();
  const current = open === page || (!end && page !== '/' && open.startsWith(`${page}/`));
  return <Link {...props} aria-current={current ? 'page' : undefined} />;
}
