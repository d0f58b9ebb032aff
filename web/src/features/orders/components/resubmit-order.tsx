import { formatError } from '@campus/shared/domain/error-catalogue';
import type { TOrderDetail } from '@campus/shared/domain/order-api';
import { ORDER_ACTIONS, ORDER_STATUS_MESSAGES } from '@campus/shared/domain/order-status';
import { TEXT_LIMITS } from '@campus/shared/domain/text';
import { type FormEvent, useId, useRef, useState } from 'react';
import { fieldHint, TextAreaField } from '@/components/forms/form-field';
import { ScreenshotField } from '@/components/forms/screenshot-field';
import { Alert } from '@/components/ui/alert';
import { primaryButton } from '@/components/ui/button-styles';
import { SuccessNotice } from '@/components/ui/success-notice';
import { useResubmitOrder } from '../api/my-orders';

/**
 * A rejected order's way back (decision 024): a new payment screenshot, and a note for the campus
 * team if the student likes, until the window after the rejection closes. The order then waits
 * for its payment check again, its new screenshot checked and read as the first was.
 */
export function ResubmitOrder({ order }: { order: TOrderDetail }) {
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const resubmit = useResubmitOrder(order.id);
  if (resubmit.isSuccess) {
    return (
      <SuccessNotice>
        Your new screenshot was sent: the campus team checks your payment again.
      </SuccessNotice>
    );
  }
  if (!order.actions.includes('resubmit') || !order.resubmitUntil) return null;

  function send(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      input.current?.focus();
      return;
    }
    resubmit.mutate({ file, note: note.trim() });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        Send a new payment screenshot
      </h2>
      {order.balanceDuePaisa !== null && (
        <p data-testid="pay-difference" className="text-sm font-medium text-gray-900">
          {ORDER_STATUS_MESSAGES.payDifference(order.balanceDuePaisa, order.paymentReference)}
        </p>
      )}
      <p className="text-sm text-gray-800">
        {ORDER_STATUS_MESSAGES.resubmitUntil(new Date(order.resubmitUntil), order.timeZone)}
      </p>
      <form onSubmit={send} noValidate className="space-y-3">
        <fieldset disabled={resubmit.isPending} className="space-y-3">
          <ScreenshotField
            file={file}
            error={missing ? ORDER_STATUS_MESSAGES.screenshotMissing : undefined}
            hint={fieldHint('A picture of the transfer that pays this order.')}
            inputRef={input}
            onChoose={(chosen) => {
              setFile(chosen);
              setMissing(false);
            }}
          />
          <TextAreaField
            label="Note for the campus team (optional)"
            rows={2}
            maxLength={TEXT_LIMITS.instructions}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </fieldset>
        {resubmit.isError && <Alert>{formatError(resubmit.error).message}</Alert>}
        <button type="submit" className={primaryButton} disabled={resubmit.isPending}>
          {resubmit.isPending ? 'Sending...' : ORDER_ACTIONS.resubmit.label}
        </button>
      </form>
    </section>
  );
}
