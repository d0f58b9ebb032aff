import type { TBagLabel } from '@campus/shared/domain/batch-api';
import { deliveryAddress } from '@campus/shared/domain/delivery-places';
import { clockTime, roundName } from '@campus/shared/domain/delivery-rounds';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { primaryButton } from '@/components/ui/button-styles';
import { StatusMessage } from '@/components/ui/status-message';
import { roundOf } from '@/lib/rounds';
import { useBagLabels } from '../../api/delivery';

/** The printers a kitchen has: sheets of A4 (labels side by side) or an 80 mm receipt roll. */
const PAPERS = {
  a4: { label: 'A4 sheets', page: 'size: A4; margin: 10mm;' },
  receipt: { label: '80 mm receipt roll', page: 'size: 80mm auto; margin: 3mm;' },
} as const;
type TPaper = keyof typeof PAPERS;

/** The address of an order's page, which its QR code opens. */
const orderUrl = (orderId: string) =>
  `${window.location.origin}/orders/${encodeURIComponent(orderId)}`;

/** The QR codes of the orders' pages, as SVG data addresses by order id, once drawn. */
function useQrCodes(orderIds: readonly string[]) {
  const [codes, setCodes] = useState<ReadonlyMap<string, string>>(new Map());
  const key = orderIds.join(' ');
  useEffect(() => {
    let live = true;
    const ids = key === '' ? [] : [...new Set(key.split(' '))];
    void Promise.all(
      ids.map(async (id) => {
        const svg = await qrSvg(orderUrl(id), {
          type: 'svg',
          margin: 0,
          errorCorrectionLevel: 'M',
        });
        return [id, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`] as const;
      }),
    ).then((drawn) => {
      if (live) setCodes(new Map(drawn));
    });
    return () => {
      live = false;
    };
  }, [key]);
  return codes;
}

/**
 * /admin/batches/:batchId/labels: a label per bag of a round (decision 026), one per order and
 * restaurant part, in the drop list's order: the order's code, where it goes, the student's first
 * name, which bag of the order it is, its lines, and the QR code of the order's page. Printed on
 * A4 sheets or an 80 mm receipt roll (one label a slip); the site's navigation is left out.
 */
export function BagLabelsScreen() {
  const batchId = useParams().batchId ?? '';
  const query = useBagLabels(batchId);
  const [paper, setPaper] = useState<TPaper>('a4');
  const codes = useQrCodes(query.data?.labels.map((label) => label.orderId) ?? []);

  if (query.isPending) return <StatusMessage title="Loading the bag labels..." busy />;
  if (query.isError) {
    return (
      <div className="mx-auto max-w-3xl p-4">
        <Alert>{formatError(query.error).message}</Alert>
      </div>
    );
  }
  const { batch, labels } = query.data;
  const name = roundName(roundOf(batch), batch.timeZone);
  const receipt = paper === 'receipt';

  return (
    <article className="mx-auto max-w-4xl space-y-6 p-4 print:max-w-none print:space-y-0 print:p-0">
      <style>{`@page { ${PAPERS[paper].page} }`}</style>
      <header className="space-y-2 print:hidden">
        <h1 className="text-2xl font-bold">Bag labels: {name}</h1>
        <p className="text-gray-700">
          {batch.universityName} - {batch.campusName} · cut-off{' '}
          {clockTime(new Date(batch.cutoffAt), batch.timeZone)} ·{' '}
          {labels.length === 1 ? '1 bag' : `${labels.length} bags`} of paid orders
        </p>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">Paper</legend>
          {(Object.keys(PAPERS) as TPaper[]).map((key) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="paper"
                value={key}
                checked={paper === key}
                onChange={() => setPaper(key)}
              />
              {PAPERS[key].label}
            </label>
          ))}
        </fieldset>
        <button type="button" className={primaryButton} onClick={() => window.print()}>
          Print
        </button>
      </header>
      {labels.length === 0 ? (
        <StatusMessage title="No paid order in this round yet: nothing to label." />
      ) : (
        <ol
          aria-label="Bag labels"
          className={
            receipt
              ? 'mx-auto w-[74mm] space-y-4 print:space-y-0'
              : 'grid gap-4 sm:grid-cols-2 print:grid-cols-2 print:gap-[4mm]'
          }
        >
          {labels.map((label, index) => (
            <BagLabel
              key={`${label.orderId}-${label.bag}`}
              label={label}
              qr={codes.get(label.orderId)}
              className={receipt && index < labels.length - 1 ? 'break-after-page' : ''}
            />
          ))}
        </ol>
      )}
    </article>
  );
}

function BagLabel({
  label,
  qr,
  className,
}: {
  label: TBagLabel;
  qr: string | undefined;
  className: string;
}) {
  const where = deliveryAddress({ placeName: label.place, room: label.room });
  return (
    <li
      aria-label={`Bag ${label.bag} of ${label.bags}, ${label.paymentReference}`}
      className={`flex break-inside-avoid gap-3 rounded border-2 border-gray-900 p-3 text-gray-950 ${className}`}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-mono text-2xl font-bold">{label.paymentReference}</p>
        <p className="text-lg font-semibold">{where}</p>
        <p>{label.firstName}</p>
        <p className="text-sm">
          {label.restaurantName} · bag {label.bag} of {label.bags}
        </p>
        <ul className="text-sm">
          {label.lines.map((line) => (
            <li key={line.name}>
              {line.name} × {line.quantity}
            </li>
          ))}
        </ul>
      </div>
      {qr ? (
        <img
          src={qr}
          alt={`QR code of order ${label.paymentReference}'s page`}
          className="size-24 shrink-0"
        />
      ) : (
        <span className="size-24 shrink-0" />
      )}
    </li>
  );
}
