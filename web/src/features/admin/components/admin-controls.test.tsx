import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { FormActions } from './admin-controls';
import { MartItemsManager } from './mart-items/mart-items-manager';
import { MenuItemsManager } from './menu-items/menu-items-manager';
import { RestaurantsManager } from './restaurants/restaurants-manager';

// Rendered to HTML (the unit project has no DOM). SPEC §4: 'Admin forms are in add mode or edit
// mode depending on whether an id is set; Cancel or a successful save resets the form.'

const CANCEL = /<button type="button"[^>]*>Cancel<\/button>/;

/** The HTML of the form named `label` (its aria-label). */
function formLabelled(html: string, label: string): string {
  const start = html.search(new RegExp(`<form\\b[^>]*aria-label="${label}"`));
  if (start < 0) throw new Error(`no form labelled "${label}"`);
  return html.slice(start, html.indexOf('</form>', start));
}

describe('FormActions', () => {
  const render = (editing: boolean) =>
    renderToString(
      <FormActions noun="Restaurant" editing={editing} busy={false} onCancel={() => undefined} />,
    );

  it('offers Cancel beside Add in add mode, so a half-filled form can be emptied', () => {
    const html = render(false);
    expect(html).toMatch(/<button type="submit"[^>]*>Add Restaurant<\/button>/);
    expect(html).toMatch(CANCEL);
  });

  it('offers Cancel beside Update in edit mode', () => {
    const html = render(true);
    expect(html).toMatch(/<button type="submit"[^>]*>Update Restaurant<\/button>/);
    expect(html).toMatch(CANCEL);
  });

  it('resets the form through onCancel when Cancel is pressed, in both modes', () => {
    for (const editing of [false, true]) {
      const onCancel = vi.fn();
      // FormActions has no hooks: its element tree holds the buttons and their handlers.
      const tree = FormActions({ noun: 'Restaurant', editing, busy: false, onCancel }) as
        | ReactElement<{ children: ReactNode }>
        | undefined;
      const cancel = Children.toArray(tree?.props.children).find(
        (child): child is ReactElement<{ onClick(): void; children: ReactNode }> =>
          isValidElement(child) && child.type === 'button',
      );
      expect(cancel?.props.children).toBe('Cancel');
      cancel?.props.onClick();
      expect(onCancel).toHaveBeenCalledTimes(1);
    }
  });
});

describe('the catalogue forms in add mode', () => {
  const scope = { kind: 'campus', universityId: 'uni-1', campusId: 'campus-1' } as const;
  const render = (manager: ReactNode) =>
    renderToString(<QueryClientProvider client={new QueryClient()}>{manager}</QueryClientProvider>);

  it('have a Cancel: restaurants', () => {
    const html = render(<RestaurantsManager scope={scope} />);
    expect(formLabelled(html, 'Add restaurant')).toMatch(CANCEL);
  });

  it('have a Cancel: menu items', () => {
    const html = render(<MenuItemsManager scope={scope} restaurantId="r-1" />);
    expect(formLabelled(html, 'Add menu item')).toMatch(CANCEL);
  });

  it('have a Cancel: mart items', () => {
    const html = render(<MartItemsManager scope={scope} />);
    expect(formLabelled(html, 'Add mart item')).toMatch(CANCEL);
  });

  it('have a Cancel on the super admin tabs too', () => {
    const html = render(
      <>
        <RestaurantsManager scope={{ kind: 'all' }} />
        <MenuItemsManager scope={{ kind: 'all' }} />
        <MartItemsManager scope={{ kind: 'all' }} />
      </>,
    );
    for (const label of ['Add restaurant', 'Add menu item', 'Add mart item']) {
      expect(formLabelled(html, label)).toMatch(CANCEL);
    }
  });
});
