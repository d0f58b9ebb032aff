import { ADMIN_CONFIRM_MESSAGES } from '@campus/shared/domain/screen-messages';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

// Web unit tests run without a DOM: these read the dialog's markup, which is what assistive
// technology reads. Focus and Escape are exercised by the browser tests.

function render(overrides: Partial<ConfirmDialogProps> = {}): string {
  return renderToStaticMarkup(
    <ConfirmDialog
      open
      type="danger"
      title={ADMIN_CONFIRM_MESSAGES.deleteUniversity.title}
      message={ADMIN_CONFIRM_MESSAGES.deleteUniversity.message('NUST')}
      onConfirm={() => undefined}
      onCancel={() => undefined}
      {...overrides}
    />,
  );
}

function buttons(html: string): { text: string; disabled: boolean; className: string }[] {
  return [...html.matchAll(/<button([^>]*)>([^<]*)<\/button>/g)].map((match) => ({
    text: match[2] ?? '',
    disabled: / disabled=""/.test(match[1] ?? ''),
    className: /class="([^"]*)"/.exec(match[1] ?? '')?.[1] ?? '',
  }));
}

describe('ConfirmDialog', () => {
  it('renders nothing while closed', () => {
    expect(render({ open: false })).toBe('');
  });

  it('is a modal alert dialog named by its title and described by its message', () => {
    const html = render();
    const dialog = /<div[^>]*role="alertdialog"[^>]*>/.exec(html)?.[0] ?? '';
    expect(dialog).toContain('aria-modal="true"');
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(dialog)?.[1];
    const describedBy = /aria-describedby="([^"]+)"/.exec(dialog)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(describedBy).toBeTruthy();
    expect(html).toContain(`<h2 id="${labelledBy}"`);
    expect(html).toContain(`id="${describedBy}"`);
    const title = new RegExp(`<h2 id="${labelledBy}"[^>]*>([^<]*)</h2>`).exec(html)?.[1];
    expect(title).toBe('Delete university?');
  });

  it('warns that deleting a university removes its campuses, restaurants, menu and mart items', () => {
    const html = render();
    expect(html).toContain(
      'Its campuses, restaurants, menu items and mart items will be removed as well.',
    );
  });

  it('offers Cancel first and the confirm action second, with default labels', () => {
    expect(buttons(render()).map(({ text, disabled }) => ({ text, disabled }))).toEqual([
      { text: 'Cancel', disabled: false },
      { text: 'Delete', disabled: false },
    ]);
  });

  it('uses the given labels', () => {
    const html = render({ confirmLabel: 'Clear all', cancelLabel: 'Keep them' });
    expect(buttons(html).map((button) => button.text)).toEqual(['Keep them', 'Clear all']);
  });

  it('disables both buttons while the action runs', () => {
    const html = render({ busy: true });
    expect(buttons(html).every((button) => button.disabled)).toBe(true);
    expect(html).toContain('aria-busy="true"');
  });

  it('colours the confirm button by type', () => {
    const confirmClass = (type: ConfirmDialogProps['type']) =>
      buttons(render({ type }))[1]?.className ?? '';
    expect(confirmClass('danger')).toContain('bg-red-700');
    expect(confirmClass('warning')).toContain('bg-amber-800');
    expect(confirmClass('info')).toContain('bg-blue-700');
  });
});
