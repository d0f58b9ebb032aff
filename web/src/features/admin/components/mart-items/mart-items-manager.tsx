import type { TMartItemFormValues } from '@campus/shared/domain/admin-forms';
import type { TMartItem } from '@campus/shared/domain/entities';
import {
  ADMIN_CONFIRM_MESSAGES,
  ADMIN_MESSAGES,
  EMPTY_LIST_MESSAGES,
} from '@campus/shared/domain/screen-messages';
import { filterMartItems } from '@campus/shared/domain/search';
import { deleteCampusMartItems, martItemWrites, useAdminMartItems } from '../../api/mart-items';
import type { AdminScope } from '../../hooks/use-catalogue-scope';
import { useCatalogueScope } from '../../hooks/use-catalogue-scope';
import { useCrudManager } from '../../hooks/use-crud-manager';
import { emptyMartItemForm, martItemForm } from '../../utils/form-values';
import { CatalogueImportPanel } from '../catalogue-import/catalogue-import-panel';
import { CatalogueFilters, CatalogueSection } from '../catalogue-section';
import { ItemList } from '../item-list';
import type { TListSpec } from '../record-list';
import { MartItemForm } from './mart-item-form';

// The spec has one message for deleting one and all: 'Failed to delete mart item(s)'.
const TEXTS = {
  saveFailed: ADMIN_MESSAGES.saveMartItemFailed,
  deleteFailed: ADMIN_MESSAGES.deleteMartItemsFailed,
  confirmDelete: ADMIN_CONFIRM_MESSAGES.deleteMartItem,
  clear: {
    label: 'Clear all mart items',
    failed: ADMIN_MESSAGES.deleteMartItemsFailed,
    confirm: ADMIN_CONFIRM_MESSAGES.clearMartItems,
  },
};

const LIST: TListSpec<TMartItem, TMartItemFormValues> = {
  noun: 'mart items',
  empty: EMPTY_LIST_MESSAGES.martItems,
  searchBy: 'name, category or description',
  filter: filterMartItems,
  toForm: martItemForm,
};

/**
 * Mart items of one campus (campus admin) or of every campus with filters and a search (super
 * admin): add, edit, delete, a photo per item, and for the super admin, clear a campus's items.
 */
export function MartItemsManager({ scope }: { scope: AdminScope }) {
  const catalogue = useCatalogueScope(scope);
  const { campusId } = catalogue.filter;
  const items = useAdminMartItems(catalogue.campus);
  const crud = useCrudManager({
    empty: () => emptyMartItemForm(catalogue.campus),
    writes: martItemWrites,
    texts: TEXTS,
  });
  const clearCampus =
    campusId && items.data?.length
      ? () =>
          crud.askClear(TEXTS.clear, catalogue.filteredCampus, () =>
            deleteCampusMartItems(campusId),
          )
      : null;

  return (
    <CatalogueSection title="Mart Items" catalogue={catalogue} crud={crud}>
      <MartItemForm crud={crud} catalogue={catalogue} />
      {catalogue.campus.campusId && (
        <CatalogueImportPanel target={{ kind: 'mart', ...catalogue.campus }} />
      )}
      <CatalogueFilters catalogue={catalogue} clear={TEXTS.clear} onClear={clearCampus} />
      <ItemList {...LIST} query={items} crud={crud} placeOf={catalogue.placeOf} />
    </CatalogueSection>
  );
}
