import { formMode } from '@campus/shared/domain/admin-forms';
import { ADMIN_CONFIRM_MESSAGES } from '@campus/shared/domain/screen-messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useFormFailure } from '@/components/forms/use-form-failure';
import type { ConfirmDialogType } from '@/components/ui/confirm-dialog';
import { useAdminMutation } from '../api/admin-client';
import { failureText } from '../utils/failure-text';

/** The title and message of a confirm dialog (ADMIN_CONFIRM_MESSAGES), for the name it shows. */
type TConfirmTexts = { title: string; message(name: string): string };

/** A bulk clear's texts: its button, its dialog ('Clear all' unless it says), its failure. */
export type TClearTexts = {
  label: string;
  confirm: TConfirmTexts & { confirmLabel?: string };
  /** The spec's message when it fails. */
  failed: string;
};

/** What an admin screen says about its writes: the spec's messages and its dialogs' texts. */
type TCrudTexts = {
  /** The spec's message of a failed save, or the whole text made from the error. */
  saveFailed: string | ((error: unknown) => string);
  /** The spec's message of a failed deletion of one row. */
  deleteFailed: string;
  /** The dialog of deleting one row. */
  confirmDelete: TConfirmTexts;
};

/**
 * A deletion waiting for its confirm dialog (docs/product.md §2: every deletion asks first).
 * `removes` is the id of the row it deletes, or null for a whole list: a form editing what went is
 * emptied.
 */
type TPendingDelete = {
  dialog: { type: ConfirmDialogType; title: string; message: string; confirmLabel?: string };
  /** The api call, and what follows from its answer (a notice, a selection cleared). */
  run(): Promise<unknown>;
  failed: string;
  removes: string | null;
};

const CLOSED = { type: 'danger', title: '', message: '' } as const;

/**
 * The state every admin screen has (docs/product.md §4): a form in add mode or edit mode depending
 * on whether an id is set, whose Cancel or successful save resets it; the failure of a save shown
 * in the form and that of a deletion above the list; and the deletion waiting for its confirm
 * dialog. The form sends what was typed: the api parses it with the same shared schema.
 */
export function useCrudManager<
  TValues extends FieldValues & { id?: string | null },
  TSaved,
  TRemoved,
>({
  empty,
  writes,
  texts,
  focus,
  onSaved,
  onDeleted,
}: {
  /** The form in add mode. */
  empty(): TValues;
  /**
   * The resource's body schema (the form's checks), its save (a create in add mode, an update in
   * edit mode) and its delete by id.
   */
  writes: {
    schema: z.ZodType<unknown, TValues>;
    save(values: TValues): Promise<TSaved>;
    remove(id: string): Promise<TRemoved>;
  };
  texts: TCrudTexts;
  /** The field that takes the focus when a row is opened for editing. */
  focus?: Path<TValues>;
  /** After a save of `values`, once the form is back in add mode. */
  onSaved?(answer: TSaved, values: TValues): void;
  onDeleted?(answer: TRemoved, id: string): void;
}) {
  const form = useForm<TValues, unknown, TValues>({
    resolver: zodResolver(writes.schema, undefined, { raw: true }),
    defaultValues: empty() as DefaultValues<TValues>,
  });
  const { failure, setFailure, onInvalid } = useFormFailure();
  // Cancel of an add form shows the same empty values again: the count tells a photo field that
  // the form was reset all the same, so an upload still running for what was cancelled is dropped.
  const [resets, setResets] = useState(0);
  const [pending, setPending] = useState<TPendingDelete | null>(null);
  const [listFailure, setListFailure] = useState<string | null>(null);
  const saving = useAdminMutation(writes.save);
  const deleting = useAdminMutation((deletion: TPendingDelete) => deletion.run());

  function toAddMode() {
    setFailure(null);
    setResets((count) => count + 1);
    form.reset(empty());
  }

  function edit(values: TValues) {
    setFailure(null);
    form.reset(values);
    if (focus) form.setFocus(focus);
  }

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    let answer: TSaved;
    try {
      answer = await saving.mutateAsync(values);
    } catch (error) {
      const { saveFailed } = texts;
      setFailure(
        typeof saveFailed === 'string' ? failureText(saveFailed, error) : saveFailed(error),
      );
      return;
    }
    toAddMode();
    onSaved?.(answer, values);
  }, onInvalid);

  /** Asks before deleting one row; `name` is what the dialog calls it. */
  function askDelete(id: string, name: string) {
    const { title, message } = texts.confirmDelete;
    setPending({
      dialog: { type: 'danger', title, message: message(name) },
      run: async () => onDeleted?.(await writes.remove(id), id),
      failed: texts.deleteFailed,
      removes: id,
    });
  }

  /** Asks before clearing a whole list; `name` is what the dialog says it belongs to. */
  function askClear(clear: TClearTexts, name: string, run: () => Promise<unknown>) {
    const { title, message, confirmLabel = ADMIN_CONFIRM_MESSAGES.clear } = clear.confirm;
    setPending({
      dialog: { type: 'warning', title, message: message(name), confirmLabel },
      run,
      failed: clear.failed,
      removes: null,
    });
  }

  async function confirm(deletion: TPendingDelete) {
    setListFailure(null);
    try {
      await deleting.mutateAsync(deletion);
      const shown = form.getValues().id;
      if (shown && (deletion.removes === null || deletion.removes === shown)) toAddMode();
    } catch (error) {
      setListFailure(failureText(deletion.failed, error));
    } finally {
      setPending(null);
    }
  }

  const values = form.watch();
  return {
    form,
    /** The form's values now. */
    values,
    editing: formMode(values) === 'edit',
    failure,
    setFailure,
    submit,
    toAddMode,
    edit,
    resets,
    askDelete,
    askClear,
    listFailure,
    setListFailure,
    /** The confirm dialog's props: open while a deletion waits for it. */
    dialog: {
      ...(pending?.dialog ?? CLOSED),
      open: pending !== null,
      busy: deleting.isPending,
      onConfirm: () => {
        if (pending) void confirm(pending);
      },
      onCancel: () => setPending(null),
    },
  };
}

/** What useCrudManager gives a screen's form and list. */
export type TCrudManager<TValues extends FieldValues & { id?: string | null }> = ReturnType<
  typeof useCrudManager<TValues, unknown, unknown>
>;
