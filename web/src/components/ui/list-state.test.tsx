import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ListState } from './list-state';

const items = Array.from({ length: 150 }, (_, index) => ({ id: `item-${index}` }));

function renderList() {
  return render(
    <ListState
      items={items}
      shown={items}
      emptyTitle="Nothing here"
      noMatchTitle="No match"
      renderItem={(item) => <span>{item.id}</span>}
    />,
  );
}

describe('ListState', () => {
  it('shows a long list a page at a time, and says how much is left', async () => {
    const user = userEvent.setup();
    renderList();
    expect(screen.getAllByRole('listitem')).toHaveLength(60);
    await user.click(screen.getByRole('button', { name: 'Show 60 more (60 of 150 shown)' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(120);
    await user.click(screen.getByRole('button', { name: 'Show 30 more (120 of 150 shown)' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(150);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
