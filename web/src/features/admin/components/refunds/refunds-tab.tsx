import { formatError } from '@campus/shared/domain/error-catalogue';
import { formatRs, parseRupees } from '@campus/shared/domain/money';
import {
  refundText,
  type TRefund,
  ZRecordRefundByReferenceRequest,
} from '@campus/shared/domain/refunds';
import { type FormEvent, useState } from 'react';
import { TextAreaField, TextField } from '@/components/forms/form-field';
import { Alert } from '@/components/ui/alert';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { LoadFailure } from '@/components/ui/load-failure';
import { StatusMessage } from '@/components/ui/status-message';
import { SuccessNotice } from '@/components/ui/success-notice';
import { useMarkRefundSent, useRecordRefund, useRefunds } from '../../api/refunds';

type Campus = { universityId: string; campusId: string };

/** Whose refund, and where: the campus too in the list of every campus. */
function whoseRefund(refund: TRefund, everyCampus: boolean) {
  return (
    <>
      {refund.studentName}, order <span className="font-mono">{refund.paymentReference}</span>
      {everyCampus && <> ({refund.campusName})</>}
    </>
  );
}

/** A refund due: who is owed what for which order, and 'Mark sent' with the transfer's reference. */
function DueRefund({ refund, everyCampus }: { refund: TRefund; everyCampus: boolean }) {
  const [asking, setAsking] = useState(false);
  const [reference, setReference] = useState('');
  const mark = useMarkRefundSent();
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
        {formatRs(refund.amountPaisa)} to {whoseRefund(refund, everyCampus)}
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
 * A refund an admin records by hand (an over-payment, a payment made twice): the order's payment
 * reference, the amount and why. The api finds the order at the campus and checks the rest.
 */
function RecordRefund({ campus }: { campus: Campus }) {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState({ paymentReference: '', amount: '', reason: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const record = useRecordRefund();
  if (!open) {
    return (
      <div className="space-y-2">
        {record.isSuccess && (
          <SuccessNotice>
            {`Refund of ${formatRs(record.data.refund.amountPaisa)} recorded for order ${record.data.refund.paymentReference}.`}
          </SuccessNotice>
        )}
        <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
          Record a refund
        </button>
      </div>
    );
  }
  function save(event: FormEvent) {
    event.preventDefault();
    // '1,250.50' as a bank app prints it: the thousands commas are no part of the amount.
    const amountPaisa = parseRupees(fields.amount.replaceAll(',', ''));
    const checked = ZRecordRefundByReferenceRequest.safeParse({
      ...campus,
      paymentReference: fields.paymentReference,
      amountPaisa: amountPaisa ?? Number.NaN,
      reason: fields.reason,
    });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    record.mutate(checked.data, {
      onSuccess: () => {
        setOpen(false);
        setFields({ paymentReference: '', amount: '', reason: '' });
      },
    });
  }
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((now) => ({ ...now, [name]: event.target.value }));
  return (
    <form
      onSubmit={save}
      noValidate
      aria-label="Record a refund"
      className="space-y-3 rounded-lg border border-gray-200 bg-white p-4"
    >
      <h3 className="font-semibold">Record a refund</h3>
      <TextField
        label="Payment reference of the order"
        placeholder="CB-…"
        value={fields.paymentReference}
        onChange={set('paymentReference')}
      />
      <TextField
        label="Amount (Rs)"
        inputMode="decimal"
        value={fields.amount}
        onChange={set('amount')}
      />
      <TextAreaField label="Why" rows={2} value={fields.reason} onChange={set('reason')} />
      {(problem || record.isError) && <Alert>{problem ?? formatError(record.error).message}</Alert>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={record.isPending}>
          Record refund
        </button>
        <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The refunds (decision 024) of a campus, or (`campus` null, a super admin's) of every campus:
 * what is owed to whom and why, due first; each marked sent with the reference of the transfer
 * that sent it back (the student is mailed); then those sent, in each campus's time zone. A
 * campus's admin records one by hand there too.
 */
export function RefundsTab({ campus }: { campus: Campus | null }) {
  const refunds = useRefunds(campus);
  const everyCampus = campus === null;
  if (refunds.isPending) return <StatusMessage title="Loading refunds..." busy />;
  if (refunds.isError)
    return <LoadFailure error={refunds.error} onRetry={() => refunds.refetch()} />;
  const due = refunds.data.filter((refund) => refund.state === 'due');
  const sent = refunds.data.filter((refund) => refund.state === 'sent');
  return (
    <div className="space-y-6">
      {campus && <RecordRefund campus={campus} />}
      <section aria-labelledby="refunds-due-heading" className="space-y-2">
        <h2 id="refunds-due-heading" className="text-lg font-semibold">
          Refunds due
        </h2>
        {due.length === 0 ? (
          <p className="text-gray-700">No refund is due.</p>
        ) : (
          <ul className="space-y-2">
            {due.map((refund) => (
              <DueRefund key={refund.id} refund={refund} everyCampus={everyCampus} />
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
                {whoseRefund(refund, everyCampus)}: {refundText(refund, refund.timeZone)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
