import type { TBatchList, TDropHall, TPickList } from '@campus/shared/domain/batch-api';
import { roundName } from '@campus/shared/domain/delivery-rounds';
import { formatRs } from '@campus/shared/domain/money';
import type { SheetExport } from '../sheets/sheet-export';
import type { FoundBatch } from './get-batch';

/** The pick lists as one table: a row per restaurant and item, the waiting orders noted apart. */
function pickListTable(lists: readonly TPickList[]): Pick<SheetExport, 'header' | 'rows'> {
  return {
    header: ['Restaurant', 'Item', 'Quantity', 'Orders waiting for payment check'],
    rows: lists.flatMap((list) =>
      list.items.length === 0
        ? [[list.restaurantName, '', 0, list.waitingOrders]]
        : list.items.map((item, index) => [
            list.restaurantName,
            item.name,
            item.quantity,
            index === 0 ? list.waitingOrders : '',
          ]),
    ),
  };
}

/** The drop list as one table: a row per order, by hall then room. */
function dropListTable(halls: readonly TDropHall[]): Pick<SheetExport, 'header' | 'rows'> {
  return {
    header: ['Hall', 'Room', 'Name', 'Phone', 'Items', 'Amount', 'Status', 'Order ID'],
    rows: halls.flatMap((hall) =>
      hall.orders.map((order) => [
        hall.hall,
        order.room,
        order.name,
        order.phone,
        order.items,
        formatRs(order.grandTotalPaisa),
        order.status.replaceAll('_', ' '),
        order.orderId,
      ]),
    ),
  };
}

/** A list of a batch as a download: its file name and table. */
export function batchListExport(
  batch: FoundBatch,
  list: TBatchList,
  content: { pickLists: readonly TPickList[]; dropList: readonly TDropHall[] },
): SheetExport {
  const table =
    list === 'pick-list' ? pickListTable(content.pickLists) : dropListTable(content.dropList);
  const title = list === 'pick-list' ? 'Pick list' : 'Drop list';
  return {
    name: `${title} - ${batch.campusName} - ${roundName(batch, batch.timeZone)}`,
    ...table,
  };
}
