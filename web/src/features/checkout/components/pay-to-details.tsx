import { PAYMENT_METHOD, type TPayTo } from '@campus/shared/domain/checkout';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { formatRs } from '@campus/shared/domain/money';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';

/**
 * Where to transfer the money (docs/product.md §2): the selected campus's account, from the api.
 */
export function PayToDetails({
  campusChosen,
  payTo,
  amountPaisa,
  loading,
  error,
}: {
  campusChosen: boolean;
  payTo: TPayTo | undefined;
  /** The grand total to transfer, or null while the cart is empty. */
  amountPaisa: number | null;
  loading: boolean;
  error: unknown;
}) {
  const [copied, setCopied] = useState(false);
  const copy = (accountNumber: string) =>
    navigator.clipboard.writeText(accountNumber).then(
      () => setCopied(true),
      (failure: unknown) => console.warn('Could not copy the account number', failure),
    );
  return (
    <div className="rounded border border-orange-200 bg-orange-50 p-4 text-sm text-gray-800">
      <p>
        Payment method: <strong>{PAYMENT_METHOD}</strong>. Transfer the grand total to this account,
        then upload a screenshot of the transfer.
      </p>
      {!campusChosen ? (
        <p className="mt-2">
          Select your university and campus in the navigation bar to see the account details.
        </p>
      ) : error ? (
        <div className="mt-2">
          <Alert>{formatError(error).message}</Alert>
        </div>
      ) : loading || !payTo ? (
        <p className="mt-2" role="status">
          Loading payment details...
        </p>
      ) : (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-testid="pay-to-details">
          {amountPaisa !== null && (
            <>
              <dt className="font-medium">Amount to transfer</dt>
              <dd className="font-semibold" data-testid="amount-to-transfer">
                {formatRs(amountPaisa)}
              </dd>
            </>
          )}
          <dt className="font-medium">Account Title</dt>
          <dd className="break-words">{payTo.accountTitle}</dd>
          <dt className="font-medium">Bank</dt>
          <dd className="break-words">{payTo.bankName}</dd>
          <dt className="font-medium">Account Number</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="font-mono break-all">{payTo.accountNumber}</span>
            {navigator.clipboard && (
              <button
                type="button"
                onClick={() => copy(payTo.accountNumber)}
                className="rounded border border-orange-700 px-2 py-0.5 text-xs font-medium text-orange-800 hover:bg-orange-100 focus-visible:outline-2 focus-visible:outline-orange-700"
              >
                {copied ? 'Copied' : 'Copy'}
                <span className="sr-only"> account number</span>
              </button>
            )}
          </dd>
        </dl>
      )}
    </div>
  );
}
