import { ADMIN_CONFIRM_MESSAGES, ADMIN_MESSAGES } from '@campus/shared/domain/screen-messages';
import { LoadFailure } from '@/components/ui/load-failure';
import { domainWrites, useAdminDomains } from '../../api/domains';
import { useAdminUniversities } from '../../api/universities';
import { useCrudManager } from '../../hooks/use-crud-manager';
import { TabSection } from '../tab-section';
import { DomainForm } from './domain-form';
import { DomainList } from './domain-list';

const NO_DOMAIN = { id: '', universityId: '', campusId: '', name: '', domain: '' };

const TEXTS = {
  saveFailed: ADMIN_MESSAGES.saveDomainFailed,
  deleteFailed: ADMIN_MESSAGES.deleteDomainFailed,
  confirmDelete: ADMIN_CONFIRM_MESSAGES.deleteDomain,
};

/**
 * The Domain Management tab (docs/product.md §2): the e-mail domains allowed at sign-up per campus,
 * with add/edit (a leading @ is added when missing) and deletion behind a dialog.
 */
export function DomainsTab() {
  const universities = useAdminUniversities();
  const domains = useAdminDomains();
  const crud = useCrudManager({
    empty: () => NO_DOMAIN,
    writes: domainWrites,
    texts: TEXTS,
    focus: 'name',
  });
  return (
    <TabSection
      title="Domain Management"
      headingId="domains-heading"
      crud={crud}
      form={<DomainForm crud={crud} universities={universities.data} />}
    >
      {universities.isError && (
        <LoadFailure error={universities.error} onRetry={() => universities.refetch()} />
      )}
      <DomainList query={domains} crud={crud} universities={universities.data} />
    </TabSection>
  );
}
