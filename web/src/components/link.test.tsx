import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from './link';

// The app's own links over React Router's hooks: the navigation's current page, and what a click does.

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="open page">{pathname}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <nav>
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/restaurants">Restaurants</NavLink>
        <NavLink to="/menu/r1" end>
          Menu
        </NavLink>
      </nav>
      <Link to="/cart" className="bucket">
        Bucket
      </Link>
      <Link to="/checkout" onClick={(event) => event.preventDefault()}>
        Checkout
      </Link>
      <Where />
    </MemoryRouter>,
  );
}

const currentLinks = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('NavLink', () => {
  it.each([
    ['/', ['Home']],
    ['/restaurants', ['Restaurants']],
    // Without `end`, a page under the link's is its page too; the paths compare regardless of case.
    ['/restaurants/r1', ['Restaurants']],
    ['/Restaurants', ['Restaurants']],
    ['/restaurantsx', []],
    // With `end`, only its own page.
    ['/menu/r1', ['Menu']],
    ['/menu/r1/more', []],
    ['/cart', []],
  ])('at %s marks %j as the current page', (path, current) => {
    renderAt(path);
    expect(currentLinks()).toEqual(current);
  });
});

describe('Link', () => {
  it('shows its address, keeps its other attributes, and opens its page on a click', async () => {
    renderAt('/');
    const bucket = screen.getByRole('link', { name: 'Bucket' });
    expect(bucket.getAttribute('href')).toBe('/cart');
    expect(bucket.className).toBe('bucket');
    await userEvent.setup().click(bucket);
    expect(screen.getByRole('status', { name: 'open page' }).textContent).toBe('/cart');
  });

  it('leaves the page alone when its own onClick prevents the click, or when it opens a new tab', () => {
    renderAt('/');
    fireEvent.click(screen.getByRole('link', { name: 'Checkout' }));
    fireEvent.click(screen.getByRole('link', { name: 'Bucket' }), { ctrlKey: true });
    expect(screen.getByRole('status', { name: 'open page' }).textContent).toBe('/');
  });
});
