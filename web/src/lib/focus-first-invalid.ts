/**
 * Moves the focus to the first field of `form` marked invalid, once the render that marks it is
 * done, so the person lands on what to fix.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
