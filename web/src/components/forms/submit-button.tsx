import { primaryButton } from '@/components/ui/button-styles';

/** A form's full-width submit button, disabled (and saying so) while the form is sent. */
export function SubmitButton({
  label,
  busyLabel = label,
  busy,
  disabled = false,
}: {
  label: string;
  busyLabel?: string;
  busy: boolean;
  disabled?: boolean;
}) {
  return (
    <button type="submit" className={`${primaryButton} w-full`} disabled={busy || disabled}>
      {busy ? busyLabel : label}
    </button>
  );
}
