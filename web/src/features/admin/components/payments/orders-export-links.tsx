import type { TOrdersExportQuery } from '@campus/shared/domain/operations-api';
import { secondaryButton } from '@/components/ui/button-styles';
import { ordersExportHrefs } from '../../api/operations';

/**
 * The orders of the Payments queue's current filters as a file for the accounts: the order
 * sheet's columns with their state (the api refuses more than 50,000 orders in one file).
 */
export function OrdersExportLinks({
  filters,
}: {
  filters: Partial<Record<keyof TOrdersExportQuery, string>>;
}) {
  const hrefs = ordersExportHrefs(filters);
  return (
    <fieldset className="flex flex-wrap gap-3">
      <legend className="sr-only">Download these orders</legend>
      <a href={hrefs.xlsx} download className={secondaryButton}>
        Download XLSX
      </a>
      <a href={hrefs.csv} download className={secondaryButton}>
        Download CSV
      </a>
    </fieldset>
  );
}
