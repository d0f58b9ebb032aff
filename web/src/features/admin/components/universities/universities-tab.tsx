import type {
  TAdminCampus,
  TAdminUniversity,
  TSheetTabOutcome,
} from '@campus/shared/domain/admin-api';
import {
  formMode,
  type TCampusFormValues,
  type TUniversityFormValues,
  ZCampusForm,
  ZUniversityForm,
} from '@campus/shared/domain/admin-forms';
import {
  ADMIN_CONFIRM_MESSAGES,
  ADMIN_MESSAGES,
  EMPTY_LIST_MESSAGES,
} from '@campus/shared/domain/screen-messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { TextField } from '@/components/forms/form-field';
import { useFormFailure } from '@/components/forms/use-form-failure';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadFailure } from '@/components/ui/load-failure';
import { StatusMessage } from '@/components/ui/status-message';
import { SuccessNotice } from '@/components/ui/success-notice';
import {
  createCampus,
  createUniversity,
  deleteCampus,
  deleteUniversity,
  failureText,
  updateCampus,
  updateUniversity,
  useAdminMutation,
  useAdminUniversities,
} from '@/features/admin/api/admin-api';
import {
  FormActions,
  RowActions,
  rowButton,
  UniversitySelect,
} from '@/features/admin/components/admin-controls';

const card = 'space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6';

const NO_UNIVERSITY: TUniversityFormValues = { id: '', name: '' };
const NO_CAMPUS: TCampusFormValues = {
  id: '',
  universityId: '',
  name: '',
  location: '',
  payToAccountTitle: '',
  payToBankName: '',
  payToAccountNumber: '',
};

/** The messages of the sheet tab jobs that could not be queued (empty when all were). */
function tabFailures(outcomes: readonly (TSheetTabOutcome | undefined)[]): string[] {
  return outcomes.flatMap((outcome) => (outcome && !outcome.queued ? [outcome.message] : []));
}

type Notice = { kind: 'failure' | 'success'; text: string };

/** Each notice once: a deleted university's campuses may all fail their tab jobs alike. */
function Notices({ notices }: { notices: readonly Notice[] }) {
  const distinct = new Map(notices.map((notice) => [`${notice.kind}:${notice.text}`, notice]));
  return (
    <>
      {[...distinct].map(([key, notice]) =>
        notice.kind === 'failure' ? (
          <Alert key={key}>{notice.text}</Alert>
        ) : (
          <SuccessNotice key={key}>{notice.text}</SuccessNotice>
        ),
      )}
    </>
  );
}

function UniversityForm({
  form,
  onDone,
}: {
  form: UseFormReturn<TUniversityFormValues>;
  onDone(notices: Notice[]): void;
}) {
  const { failure, setFailure, onInvalid } = useFormFailure();
  const save = useAdminMutation((values: TUniversityFormValues) =>
    values.id ? updateUniversity(values.id, values) : createUniversity(values),
  );
  const editing = formMode({ id: form.watch('id') }) === 'edit';
  const cancel = () => {
    setFailure(null);
    form.reset(NO_UNIVERSITY);
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    let answer: Awaited<ReturnType<typeof createUniversity>>;
    try {
      answer = await save.mutateAsync(values);
    } catch (error) {
      setFailure(failureText(ADMIN_MESSAGES.saveUniversityFailed, error));
      return;
    }
    form.reset(NO_UNIVERSITY);
    // A rename moves each campus's orders to a tab of the new name.
    onDone(
      tabFailures(answer.sheetTabs ?? []).map((message) => ({
        kind: 'failure',
        text: ADMIN_MESSAGES.universityRenameTabFailed(message),
      })),
    );
  }, onInvalid);
  return (
    <form onSubmit={submit} noValidate className={card} aria-labelledby="university-form-heading">
      <h3 id="university-form-heading" className="text-lg font-semibold">
        {editing ? 'Edit University' : 'Add University'}
      </h3>
      {failure && <Alert>{failure}</Alert>}
      <TextField label="University Name" required {...form.register('name')} />
      <FormActions
        noun="University"
        editing={editing}
        busy={form.formState.isSubmitting}
        onCancel={cancel}
      />
    </form>
  );
}

function CampusForm({
  form,
  universities,
  onDone,
}: {
  form: UseFormReturn<TCampusFormValues>;
  universities: readonly TAdminUniversity[];
  onDone(notices: Notice[]): void;
}) {
  const { failure, setFailure, onInvalid } = useFormFailure();
  const save = useAdminMutation((values: TCampusFormValues) =>
    values.id ? updateCampus(values.id, values) : createCampus(values),
  );
  const editing = formMode({ id: form.watch('id') }) === 'edit';
  const cancel = () => {
    setFailure(null);
    form.reset(NO_CAMPUS);
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    let answer: Awaited<ReturnType<typeof createCampus>>;
    try {
      answer = await save.mutateAsync(values);
    } catch (error) {
      setFailure(failureText(ADMIN_MESSAGES.saveCampusFailed, error));
      return;
    }
    form.reset(NO_CAMPUS);
    const tabFailed = values.id
      ? ADMIN_MESSAGES.campusRenameTabFailed
      : ADMIN_MESSAGES.campusTabCreateFailed;
    onDone(
      tabFailures([answer.sheetTab]).map((message) => ({
        kind: 'failure',
        text: tabFailed(message),
      })),
    );
  }, onInvalid);
  return (
    <form onSubmit={submit} noValidate className={card} aria-labelledby="campus-form-heading">
      <h3 id="campus-form-heading" className="text-lg font-semibold">
        {editing ? 'Edit Campus' : 'Add Campus'}
      </h3>
      {failure && <Alert>{failure}</Alert>}
      {/* A campus stays with its university (the api refuses a move), so editing keeps it. */}
      <UniversitySelect
        universities={universities}
        emptyLabel="Select University"
        required
        {...form.register('universityId')}
        disabled={editing}
      />
      <TextField label="Campus Name" required {...form.register('name')} />
      <TextField label="Location (optional)" {...form.register('location')} />
      <fieldset className="space-y-3 rounded border border-gray-200 p-3">
        <legend className="px-1 text-sm font-semibold text-gray-800">
          Pay-to account (optional)
        </legend>
        <p className="text-sm text-gray-700">
          The account shown to students of this campus at checkout. Leave all three empty to use the
          default account.
        </p>
        <TextField label="Account Title" {...form.register('payToAccountTitle')} />
        <TextField label="Bank Name" {...form.register('payToBankName')} />
        <TextField
          label="Account Number"
          inputMode="numeric"
          {...form.register('payToAccountNumber')}
        />
      </fieldset>
      <FormActions
        noun="Campus"
        editing={editing}
        busy={form.formState.isSubmitting}
        onCancel={cancel}
      />
    </form>
  );
}

function CampusRow({
  campus,
  onEdit,
  onDelete,
}: {
  campus: TAdminCampus;
  onEdit(): void;
  onDelete(): void;
}) {
  return (
    <li className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words">{campus.name}</p>
        {campus.location && <p className="text-sm text-gray-700">{campus.location}</p>}
        {campus.payToAccountNumber && (
          <p className="text-sm text-gray-700">
            Pays to {campus.payToAccountTitle}, {campus.payToBankName}, {campus.payToAccountNumber}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <RowActions name={campus.name} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </li>
  );
}

type PendingDelete =
  | { kind: 'university'; university: TAdminUniversity }
  | { kind: 'campus'; campus: TAdminCampus };

/**
 * The Universities & Campuses tab (SPEC §2): every university with its campuses, the add/edit
 * forms of both, and deletions behind a danger dialog (a university takes its campuses,
 * restaurants, menu items and mart items along).
 */
export function UniversitiesTab({ focusAdd = false }: { focusAdd?: boolean }) {
  const query = useAdminUniversities();
  const universities = query.data ?? [];
  const [notices, setNotices] = useState<Notice[]>([]);
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const universityForm = useForm<TUniversityFormValues>({
    resolver: zodResolver(ZUniversityForm),
    defaultValues: NO_UNIVERSITY,
  });
  const campusForm = useForm<TCampusFormValues>({
    resolver: zodResolver(ZCampusForm),
    defaultValues: NO_CAMPUS,
  });
  // Opened from the overview's 'Add University': straight to the name.
  useEffect(() => {
    if (focusAdd) universityForm.setFocus('name');
  }, [focusAdd, universityForm]);
  const removeUniversity = useAdminMutation(deleteUniversity);
  const removeCampus = useAdminMutation(deleteCampus);
  const busy = removeUniversity.isPending || removeCampus.isPending;

  function editUniversity(university: TAdminUniversity) {
    setNotices([]);
    universityForm.reset({ id: university.id, name: university.name });
    universityForm.setFocus('name');
  }
  function addCampusTo(university: TAdminUniversity) {
    setNotices([]);
    campusForm.reset({ ...NO_CAMPUS, universityId: university.id });
    campusForm.setFocus('name');
  }
  function editCampus(campus: TAdminCampus) {
    setNotices([]);
    campusForm.reset({
      id: campus.id,
      universityId: campus.universityId,
      name: campus.name,
      location: campus.location ?? '',
      payToAccountTitle: campus.payToAccountTitle ?? '',
      payToBankName: campus.payToBankName ?? '',
      payToAccountNumber: campus.payToAccountNumber ?? '',
    });
    campusForm.setFocus('name');
  }

  async function confirmDelete() {
    if (!pending) return;
    setNotices([]);
    try {
      if (pending.kind === 'university') {
        const answer = await removeUniversity.mutateAsync(pending.university.id);
        if (universityForm.getValues('id') === pending.university.id) {
          universityForm.reset(NO_UNIVERSITY);
        }
        // Its campuses went with it, the one in the campus form too.
        if (campusForm.getValues('universityId') === pending.university.id) {
          campusForm.reset(NO_CAMPUS);
        }
        setNotices(
          tabFailures(answer.sheetTabs).map((message) => ({
            kind: 'failure',
            text: ADMIN_MESSAGES.campusTabDeleteFailed(message),
          })),
        );
      } else {
        const answer = await removeCampus.mutateAsync(pending.campus.id);
        if (campusForm.getValues('id') === pending.campus.id) campusForm.reset(NO_CAMPUS);
        setNotices(
          tabFailures([answer.sheetTab]).map((message) => ({
            kind: 'failure',
            text: ADMIN_MESSAGES.campusTabDeleteFailed(message),
          })),
        );
      }
    } catch (error) {
      const spec =
        pending.kind === 'university'
          ? ADMIN_MESSAGES.deleteUniversityFailed
          : ADMIN_MESSAGES.deleteCampusFailed;
      setNotices([{ kind: 'failure', text: failureText(spec, error) }]);
    } finally {
      setPending(null);
    }
  }

  const dialog =
    pending?.kind === 'university'
      ? {
          title: ADMIN_CONFIRM_MESSAGES.deleteUniversity.title,
          message: ADMIN_CONFIRM_MESSAGES.deleteUniversity.message(pending.university.name),
        }
      : pending?.kind === 'campus'
        ? {
            title: ADMIN_CONFIRM_MESSAGES.deleteCampus.title,
            message: ADMIN_CONFIRM_MESSAGES.deleteCampus.message(pending.campus.name),
          }
        : { title: '', message: '' };

  return (
    <section aria-labelledby="universities-heading" className="space-y-4">
      <h2 id="universities-heading" className="text-xl font-semibold">
        Universities & Campuses
      </h2>
      <Notices notices={notices} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <div className="space-y-6">
          <UniversityForm form={universityForm} onDone={setNotices} />
          <CampusForm form={campusForm} universities={universities} onDone={setNotices} />
        </div>
        <div className="space-y-4">
          {query.isPending && <StatusMessage title="Loading universities..." busy />}
          {query.isError && <LoadFailure error={query.error} onRetry={() => query.refetch()} />}
          {query.isSuccess && universities.length === 0 && (
            <StatusMessage title="No universities yet" />
          )}
          <ul className="space-y-4">
            {universities.map((university) => (
              <li key={university.id} className={card}>
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <h3 className="text-lg font-semibold break-words">{university.name}</h3>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={rowButton}
                      aria-label={`Add Campus to ${university.name}`}
                      onClick={() => addCampusTo(university)}
                    >
                      Add Campus
                    </button>
                    <RowActions
                      name={university.name}
                      onEdit={() => editUniversity(university)}
                      onDelete={() => setPending({ kind: 'university', university })}
                    />
                  </div>
                </div>
                {university.campuses.length === 0 ? (
                  <p className="text-sm text-gray-700">{EMPTY_LIST_MESSAGES.campuses}</p>
                ) : (
                  <ul
                    className="divide-y divide-gray-200"
                    aria-label={`Campuses of ${university.name}`}
                  >
                    {university.campuses.map((campus) => (
                      <CampusRow
                        key={campus.id}
                        campus={campus}
                        onEdit={() => editCampus(campus)}
                        onDelete={() => setPending({ kind: 'campus', campus })}
                      />
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <ConfirmDialog
        open={pending !== null}
        type="danger"
        title={dialog.title}
        message={dialog.message}
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
