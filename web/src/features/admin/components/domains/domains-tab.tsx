import { formMode, type TDomainFormValues, ZDomainForm } from '@campus/shared/domain/admin-forms';
import type { TAllowedDomain } from '@campus/shared/domain/entities';
import {
  ADMIN_CONFIRM_MESSAGES,
  ADMIN_MESSAGES,
  EMPTY_LIST_MESSAGES,
} from '@campus/shared/domain/screen-messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/forms/form-field';
import { useFormFailure } from '@/components/forms/use-form-failure';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadFailure } from '@/components/ui/load-failure';
import {
  createDomain,
  deleteDomain,
  failureText,
  updateDomain,
  useAdminDomains,
  useAdminMutation,
  useAdminUniversities,
} from '@/features/admin/api/admin-api';
import {
  AdminListState,
  CampusFilter,
  CampusSelect,
  campusLabel,
  FormActions,
  RowActions,
  UniversitySelect,
} from '@/features/admin/components/admin-controls';

const card = 'space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6';

const NO_DOMAIN: TDomainFormValues = {
  id: '',
  universityId: '',
  campusId: '',
  name: '',
  domain: '',
};

/**
 * The domains the university and campus filters let through, and what the list says when none
 * is left: that none is configured at all, or that the filters hide them.
 */
export function listDomains(
  domains: readonly TAllowedDomain[],
  filter: { universityId: string; campusId: string },
): { shown: TAllowedDomain[]; emptyMessage: string } {
  const shown = domains.filter(
    (domain) =>
      (!filter.universityId || domain.universityId === filter.universityId) &&
      (!filter.campusId || domain.campusId === filter.campusId),
  );
  const emptyMessage =
    domains.length === 0 ? EMPTY_LIST_MESSAGES.domains : EMPTY_LIST_MESSAGES.domainsFiltered;
  return { shown, emptyMessage };
}

/**
 * The Domain Management tab (SPEC §2): the e-mail domains allowed at sign-up per campus, with
 * add/edit (a leading @ is added when missing) and deletion behind a dialog.
 */
export function DomainsTab() {
  const universities = useAdminUniversities();
  const domains = useAdminDomains();
  const [filter, setFilter] = useState({ universityId: '', campusId: '' });
  const [listFailure, setListFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TAllowedDomain | null>(null);
  const { failure, setFailure, onInvalid } = useFormFailure();
  const form = useForm<TDomainFormValues>({
    resolver: zodResolver(ZDomainForm),
    defaultValues: NO_DOMAIN,
  });
  const universityId = form.watch('universityId') ?? '';
  const editing = formMode({ id: form.watch('id') }) === 'edit';
  // The campus select is uncontrolled: once the chosen university's campuses are its options,
  // show the campus the form holds (editing sets both at once).
  useEffect(() => {
    if (universityId && universities.data) form.setValue('campusId', form.getValues('campusId'));
  }, [universityId, universities.data, form]);
  const save = useAdminMutation((values: TDomainFormValues) =>
    values.id ? updateDomain(values.id, values) : createDomain(values),
  );
  const remove = useAdminMutation(deleteDomain);

  const { shown, emptyMessage } = listDomains(domains.data ?? [], filter);

  const reset = () => {
    setFailure(null);
    form.reset(NO_DOMAIN);
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(values);
      form.reset(NO_DOMAIN);
    } catch (error) {
      setFailure(failureText(ADMIN_MESSAGES.saveDomainFailed, error));
    }
  }, onInvalid);

  function edit(domain: TAllowedDomain) {
    setFailure(null);
    form.reset({
      id: domain.id,
      universityId: domain.universityId,
      campusId: domain.campusId,
      name: domain.name,
      domain: domain.domain,
    });
    form.setFocus('name');
  }

  async function confirmDelete() {
    if (!deleting) return;
    setListFailure(null);
    try {
      await remove.mutateAsync(deleting.id);
      if (form.getValues('id') === deleting.id) form.reset(NO_DOMAIN);
    } catch (error) {
      setListFailure(failureText(ADMIN_MESSAGES.deleteDomainFailed, error));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section aria-labelledby="domains-heading" className="space-y-4">
      <h2 id="domains-heading" className="text-xl font-semibold">
        Domain Management
      </h2>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <form onSubmit={submit} noValidate className={card} aria-labelledby="domain-form-heading">
          <h3 id="domain-form-heading" className="text-lg font-semibold">
            {editing ? 'Edit Domain' : 'Add Domain'}
          </h3>
          {failure && <Alert>{failure}</Alert>}
          <UniversitySelect
            universities={universities.data}
            emptyLabel="Select University"
            required
            {...form.register('universityId', { onChange: () => form.setValue('campusId', '') })}
          />
          <CampusSelect
            universities={universities.data}
            universityId={universityId}
            emptyLabel="Select Campus"
            required
            disabled={!universityId}
            {...form.register('campusId')}
          />
          <TextField label="Name" required {...form.register('name')} />
          <TextField
            label="Domain"
            required
            placeholder="@university.edu.pk"
            hint={
              <span className="mt-1 block text-xs text-gray-700">
                A leading @ is added when missing.
              </span>
            }
            {...form.register('domain')}
          />
          <FormActions
            noun="Domain"
            editing={editing}
            busy={form.formState.isSubmitting}
            onCancel={reset}
          />
        </form>
        <div className="min-w-0 space-y-4">
          <div className={`${card} grid gap-3 sm:grid-cols-2`}>
            <CampusFilter
              universities={universities.data}
              universityId={filter.universityId}
              campusId={filter.campusId}
              onChange={(next) => setFilter(next)}
            />
          </div>
          {universities.isError && (
            <LoadFailure error={universities.error} onRetry={() => universities.refetch()} />
          )}
          {listFailure && <Alert>{listFailure}</Alert>}
          <AdminListState
            query={domains}
            count={shown.length}
            emptyMessage={emptyMessage}
            loadingTitle="Loading domains..."
          >
            <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
              {shown.map((domain) => (
                <li
                  key={domain.id}
                  className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="font-medium break-all">{domain.domain}</p>
                    <p className="text-sm text-gray-700">
                      {domain.name}
                      {campusLabel(universities.data, domain.campusId) &&
                        ` · ${campusLabel(universities.data, domain.campusId)}`}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <RowActions
                      name={domain.domain}
                      onEdit={() => edit(domain)}
                      onDelete={() => setDeleting(domain)}
                    />
                  </div>
                </li>
              ))}
            </ul>
          </AdminListState>
        </div>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        type="danger"
        title={ADMIN_CONFIRM_MESSAGES.deleteDomain.title}
        message={ADMIN_CONFIRM_MESSAGES.deleteDomain.message(deleting?.domain ?? '')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
