import {
  bagsText,
  type TBatchList,
  type TDropPlace,
  type TPickList,
} from '@campus/shared/domain/batch-api';
import { roundName } from '@campus/shared/domain/delivery-rounds';
import { formatRs } from '@campus/shared/domain/money';
import type { SheetExport } from '../sheets/sheet-export';
import type { FoundBatch } from './get-batch';

/** The pick lists as one table: a row per restaurant and item, the waiting orders noted apart. */
function pickListTable(lists: readonly TPickList[]): Pick<SheetExport, 'header' | 'rows'> {
  return {
    header: [
      'Restaurant',
      'Item',
      'Quantity',
      'Added after the pick list',
      'Bags',
      'Orders waiting for payment check',
    ],
    rows: lists.flatMap((list) =>
      list.items.length === 0
        ? [[list.restaurantName, '', 0, 0, '', list.waitingOrders]]
        : list.items.map((item, index) => [
            list.restaurantName,
            item.name,
            item.quantity,
            item.added,
            bagsText(item),
            index === 0 ? list.waitingOrders : '',
          ]),
    ),
  };
}

/** The drop list as one table: a row per order, by place then room. */
function dropListTable(places: readonly TDropPlace[]): Pick<SheetExport, 'header' | 'rows'> {
  return {
    header: [
      'Place',
      'Room',
      'Name',
      'Phone',
      'Items',
      'Instruction',
      'Amount',
      'Status',
      'Order',
      'Order ID',
    ],
    rows: places.flatMap(({ place, orders }) =>
      orders.map((order) => [
        place,
        order.room,
        order.name,
        order.phone,
        order.items,
        order.instruction,
        formatRs(order.grandTotalPaisa),
        order.status.replaceAll('_', ' '),
        order.paymentReference,
        order.orderId,
      ]),
    ),
  };
}

/** A list of a batch as a download: its file name and table. */
export function batchListExport(
  batch: FoundBatch,
  list: TBatchList,
  content: { pickLists: readonly TPickList[]; dropList: readonly TDropPlace[] },
): SheetExport {
  const table =
    list === 'pick-list' ? pickListTable(content.pickLists) : dropListTable(content.dropList);
  const title = list === 'pick-list' ? 'Pick list' : 'Drop list';
  return {
    name: `${title} - ${batch.campusName} - ${roundName(batch, batch.timeZone)}`,
    ...table,
  };
}
