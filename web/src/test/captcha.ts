import { act } from '@testing-library/react';

/**
 * Solves the form's captcha as its widget says it is solved. A test file that uses it leaves the
 * widget's code out (`vi.mock('altcha', () => ({}))`): the element stays a plain one.
 */
export function solveCaptcha() {
  const widget = document.querySelector('altcha-widget');
  if (!widget) throw new Error('No captcha widget on the page');
  act(() => {
    widget.dispatchEvent(
      new CustomEvent('statechange', { detail: { state: 'verified', payload: 'solved' } }),
    );
  });
}
