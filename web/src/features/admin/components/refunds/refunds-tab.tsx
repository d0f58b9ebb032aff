import { formatError } from '@campus/shared/domain/error-catalogue';
import { formatRs } from '@campus/shared/domain/money';
import { refundText, type TRefund } from '@campus/shared/domain/refunds';
import { type FormEvent, useState } from 'react';
import { TextField } from '@/components/forms/form-field';
import { Alert } from '@/components/ui/alert';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { LoadFailure } from '@/components/ui/load-failure';
import { StatusMessage } from '@/components/ui/status-message';
import { useMarkRefundSent, useRefunds } from '../../api/refunds';

type Campus = { universityId: string; campusId: string };

/** A refund due: who is owed what for which order, and 'Mark sent' with the transfer's reference. */
function DueRefund({ refund, campus }: { refund: TRefund; campus: Campus }) {
  const [asking, setAsking] = useState(false);
  const [reference, setReference] = useState('');
  const mark = useMarkRefundSent(campus);
  function save(event: FormEvent) {
    event.preventDefault();
    mark.mutate({ id: refund.id, reference: reference.trim() });
  }
  return (
    <li
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3"
      data-testid="refund-due"
    >
      <p className="font-semibold">
        {formatRs(refund.amountPaisa)} to {refund.studentName}, order{' '}
        <span className="font-mono">{refund.paymentReference}</span>
      </p>
      <p className="text-sm text-gray-800">{refund.reason}</p>
      {mark.isError && <Alert>{formatError(mark.error).message}</Alert>}
      {asking ? (
        <form onSubmit={save} className="flex flex-wrap items-end gap-2">
          <TextField
            label="Reference of the transfer that sent it back"
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            disabled={mark.isPending}
          />
          <button type="submit" className={primaryButton} disabled={mark.isPending}>
            Save
          </button>
        </form>
      ) : (
        <button type="button" className={secondaryButton} onClick={() => setAsking(true)}>
          Mark sent
        </button>
      )}
    </li>
  );
}

/**
 * The campus's refunds (decision 024): what is owed to whom and why, due first; each marked sent
 * with the reference of the transfer that sent it back (the student is mailed); then those sent.
 */
export function RefundsTab({ campus }: { campus: Campus }) {
  const refunds = useRefunds(campus);
  if (refunds.isPending) return <StatusMessage title="Loading refunds..." busy />;
  if (refunds.isError)
    return <LoadFailure error={refunds.error} onRetry={() => refunds.refetch()} />;
  const due = refunds.data.filter((refund) => refund.state === 'due');
  const sent = refunds.data.filter((refund) => refund.state === 'sent');
  return (
    <div className="space-y-6">
      <section aria-labelledby="refunds-due-heading" className="space-y-2">
        <h2 id="refunds-due-heading" className="text-lg font-semibold">
          Refunds due
        </h2>
        {due.length === 0 ? (
          <p className="text-gray-700">No refund is due.</p>
        ) : (
          <ul className="space-y-2">
            {due.map((refund) => (
              <DueRefund key={refund.id} refund={refund} campus={campus} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="refunds-sent-heading" className="space-y-2">
        <h2 id="refunds-sent-heading" className="text-lg font-semibold">
          Refunds sent
        </h2>
        {sent.length === 0 ? (
          <p className="text-gray-700">None sent yet.</p>
        ) : (
          <ul className="divide-y divide-gray-200 text-sm">
            {sent.map((refund) => (
              <li key={refund.id} className="py-2" data-testid="refund-sent">
                {refund.studentName}, order{' '}
                <span className="font-mono">{refund.paymentReference}</span>: {refundText(refund)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
