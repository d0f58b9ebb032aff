import { PAYMENT_METHOD, type TPayTo } from '@campus/shared/domain/checkout';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { formatRs } from '@campus/shared/domain/money';
import { PAYMENT_REFERENCE_MESSAGES } from '@campus/shared/domain/payment-reference';
import { Alert } from '@/components/ui/alert';
import { CopyButton } from '@/components/ui/copy-button';

/**
 * Where to transfer the money (docs/product.md §2): the selected campus's account, from the api,
 * and the payment reference to put in the transfer's note (decision 021).
 */
export function PayToDetails({
  campusChosen,
  payTo,
  paymentReference,
  amountPaisa,
  loading,
  error,
}: {
  campusChosen: boolean;
  payTo: TPayTo | undefined;
  /** The person's open reference at the campus (null: the campus is unknown). */
  paymentReference: string | null | undefined;
  /** The grand total to transfer, or null while the cart is empty. */
  amountPaisa: number | null;
  loading: boolean;
  error: unknown;
}) {
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
            <CopyButton text={payTo.accountNumber} what="account number" />
          </dd>
          {paymentReference && (
            <>
              <dt className="font-medium">{PAYMENT_REFERENCE_MESSAGES.label}</dt>
              <dd>
                <p className="flex flex-wrap items-center gap-2">
                  <strong data-testid="payment-reference">
                    {PAYMENT_REFERENCE_MESSAGES.putInNote(paymentReference)}
                  </strong>
                  <CopyButton text={paymentReference} what="payment reference" />
                </p>
                <p className="text-xs text-gray-600">{PAYMENT_REFERENCE_MESSAGES.why}</p>
              </dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
