import { formatError } from '@campus/shared/domain/error-catalogue';
import { ORDER_ACTIONS } from '@campus/shared/domain/order-status';
import { TEXT_LIMITS } from '@campus/shared/domain/text';
import { useState } from 'react';
import { TextAreaField } from '@/components/forms/form-field';
import { Alert } from '@/components/ui/alert';
import { dangerButton } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SuccessNotice } from '@/components/ui/success-notice';
import { useCancelOrder } from '../api/my-orders';

/**
 * 'Cancel order' while the student may (the answer's actions), asked in the confirmation dialog
 * with an optional reason. A refusal (409: an admin checked the payment meanwhile) shows the
 * api's message; the order is loaded again either way, so the page shows its state now.
 */
export function CancelOrder({ orderId, allowed }: { orderId: string; allowed: boolean }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useCancelOrder(orderId);

  function confirm() {
    cancel.mutate(reason.trim(), {
      onSettled: () => {
        setAsking(false);
        setReason('');
      },
    });
  }

  return (
    <>
      {cancel.isError && <Alert>{formatError(cancel.error).message}</Alert>}
      {cancel.isSuccess && <SuccessNotice>Your order has been cancelled.</SuccessNotice>}
      {allowed && (
        <button
          type="button"
          className={dangerButton}
          onClick={() => {
            cancel.reset();
            setAsking(true);
          }}
        >
          {ORDER_ACTIONS.cancel.label}
        </button>
      )}
      <ConfirmDialog
        open={asking}
        type="danger"
        title="Cancel this order?"
        message="Your payment has not been checked yet. A cancelled order cannot be placed again; you would order anew."
        confirmLabel={ORDER_ACTIONS.cancel.label}
        cancelLabel="Keep order"
        busy={cancel.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <TextAreaField
          label="Reason (optional)"
          rows={2}
          maxLength={TEXT_LIMITS.instructions}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          disabled={cancel.isPending}
        />
      </ConfirmDialog>
    </>
  );
}
