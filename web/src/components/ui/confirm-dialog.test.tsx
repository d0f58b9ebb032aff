import { ADMIN_CONFIRM_MESSAGES } from '@campus/shared/domain/screen-messages';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

function renderDialog(overrides: Partial<ConfirmDialogProps> = {}) {
  const props = {
    onConfirm: vi.fn(),
    onCancel: vi.fn(),
    ...overrides,
  };
  const view = render(
    <ConfirmDialog
      open
      type="danger"
      title={ADMIN_CONFIRM_MESSAGES.deleteUniversity.title}
      message={ADMIN_CONFIRM_MESSAGES.deleteUniversity.message('NUST')}
      {...props}
    />,
  );
  return { ...view, ...props };
}

const dialog = () => screen.getByRole('alertdialog');
const buttons = () => within(dialog()).getAllByRole('button') as HTMLButtonElement[];

describe('ConfirmDialog', () => {
  it('renders nothing while closed', () => {
    const { container } = renderDialog({ open: false });
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('is a modal alert dialog named by its title and described by its message', () => {
    renderDialog();
    const named = screen.getByRole('alertdialog', {
      name: 'Delete university?',
      description: ADMIN_CONFIRM_MESSAGES.deleteUniversity.message('NUST'),
    });
    expect(named.getAttribute('aria-modal')).toBe('true');
    expect(within(named).getByRole('heading', { level: 2 }).textContent).toBe('Delete university?');
  });

  it('warns that deleting a university removes its campuses, restaurants, menu and mart items', () => {
    renderDialog();
    expect(dialog().textContent).toContain(
      'Its campuses, restaurants, menu items and mart items will be removed as well.',
    );
  });

  it('offers Cancel first and the confirm action second, with default labels', () => {
    renderDialog();
    expect(buttons().map(({ textContent, disabled }) => ({ text: textContent, disabled }))).toEqual(
      [
        { text: 'Cancel', disabled: false },
        { text: 'Delete', disabled: false },
      ],
    );
  });

  it('uses the given labels', () => {
    renderDialog({ confirmLabel: 'Clear all', cancelLabel: 'Keep them' });
    expect(buttons().map((button) => button.textContent)).toEqual(['Keep them', 'Clear all']);
  });

  it('disables both buttons while the action runs', () => {
    renderDialog({ busy: true });
    expect(buttons().every((button) => button.disabled)).toBe(true);
    expect(dialog().getAttribute('aria-busy')).toBe('true');
  });

  it('colours the confirm button by type', () => {
    const confirmClass = (type: ConfirmDialogProps['type']) => {
      const { unmount } = renderDialog({ type });
      const className = buttons()[1]?.className ?? '';
      unmount();
      return className;
    };
    expect(confirmClass('danger')).toContain('bg-red-700');
    expect(confirmClass('warning')).toContain('bg-amber-800');
    expect(confirmClass('info')).toContain('bg-blue-700');
  });

  it('opens with the focus on Cancel, so Enter never confirms by accident', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderDialog();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with the confirm button, cancels with Cancel or Escape', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside the dialog and ignores Escape while busy', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
  });

  it('keeps Tab going round its field and its buttons when it asks for one', async () => {
    const user = userEvent.setup();
    renderDialog({
      children: (
        <label>
          Reason
          <textarea />
        </label>
      ),
    });
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
    await user.tab();
    expect(document.activeElement).toBe(reason);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(reason);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
  });
});
