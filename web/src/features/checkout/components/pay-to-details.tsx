import { PAYMENT_METHOD, type TPayTo } from '@campus/shared/domain/checkout';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { Alert } from '@/components/ui/alert';

/** Where to transfer the money (SPEC §2): the selected campus's account, from the api. */
export function PayToDetails({
  campusChosen,
  payTo,
  loading,
  error,
}: {
  campusChosen: boolean;
  payTo: TPayTo | undefined;
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
          <dt className="font-medium">Account Title</dt>
          <dd className="break-words">{payTo.accountTitle}</dd>
          <dt className="font-medium">Bank</dt>
          <dd className="break-words">{payTo.bankName}</dd>
          <dt className="font-medium">Account Number</dt>
          <dd className="font-mono break-words">{payTo.accountNumber}</dd>
        </dl>
      )}
    </div>
  );
}
