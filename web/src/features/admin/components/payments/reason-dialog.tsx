import {
  ORDER_ACTIONS,
  ORDER_STATUS_MESSAGES,
  type TOrderAction,
  ZOrderTransitionRequest,
} from '@campus/shared/domain/order-status';
import { TEXT_LIMITS } from '@campus/shared/domain/text';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { TextAreaField } from '@/components/forms/form-field';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { ModalDialog } from '@/components/ui/modal-dialog';

/**
 * Asks an admin why, for an action that needs a reason (reject, reopen): one press on a preset
 * reason (or its number key) does it, or they write their own. The shared rule checks the reason.
 */
export function ReasonDialog({
  action,
  whose,
  presets = [],
  unpaidPaisa = null,
  onSubmit,
  onClose,
}: {
  action: TOrderAction;
  /** Whose order, for the title: 'Ayesha Khan'. */
  whose: string;
  presets?: readonly string[];
  /** What the payment's evidence shows left unpaid: a reject may ask for it only. */
  unpaidPaisa?: number | null;
  onSubmit(reason: string, askDifference: boolean): void;
  onClose(): void;
}) {
  const [text, setText] = useState('');
  // 'Pay the difference' (decision 024): on by default where the evidence shows a short payment.
  const [askDifference, setAskDifference] = useState(unpaidPaisa !== null);
  const [problem, setProblem] = useState<string | null>(null);
  const { label } = ORDER_ACTIONS[action];

  function submit(reason: string) {
    const asking = askDifference && unpaidPaisa !== null;
    const checked = ZOrderTransitionRequest.safeParse({ action, reason, askDifference: asking });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? null);
      return;
    }
    onSubmit(checked.data.reason, checked.data.askDifference);
  }

  function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit(text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target instanceof HTMLTextAreaElement) return;
    const preset = presets[Number(event.key) - 1];
    if (!/^[1-9]$/.test(event.key) || !preset) return;
    event.preventDefault();
    submit(preset);
  }

  return (
    <ModalDialog
      title={`${label}: the order of ${whose}`}
      onClose={onClose}
      className="w-[min(36rem,calc(100%-2rem))]"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the number keys pick a preset reason anywhere in the dialog */}
      <div onKeyDown={onKeyDown} className="space-y-4">
        {unpaidPaisa !== null && (
          <label className="flex items-start gap-2 rounded border border-amber-300 bg-amber-50 p-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              checked={askDifference}
              onChange={(event) => setAskDifference(event.target.checked)}
            />
            <span>
              {ORDER_STATUS_MESSAGES.askDifference(unpaidPaisa)}
              <span className="block text-xs text-gray-700">
                Their next screenshot is checked against that amount.
              </span>
            </span>
          </label>
        )}
        {presets.length > 0 && (
          <>
            <p className="text-sm text-gray-700">Choose the reason the student will read:</p>
            <ul className="space-y-2">
              {presets.map((preset, index) => (
                <li key={preset}>
                  <button
                    type="button"
                    onClick={() => submit(preset)}
                    aria-label={preset}
                    className={`${secondaryButton} w-full justify-start gap-3 text-left`}
                  >
                    <kbd className="rounded border border-gray-400 px-1.5 text-xs">{index + 1}</kbd>
                    {preset}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        <form onSubmit={onFormSubmit} noValidate className="space-y-3">
          <TextAreaField
            label={presets.length > 0 ? 'Another reason' : 'Reason'}
            rows={2}
            maxLength={TEXT_LIMITS.instructions}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
            aria-invalid={problem ? true : undefined}
            hint={
              problem && (
                <p role="alert" className="mt-1 text-sm text-red-800">
                  {problem}
                </p>
              )
            }
          />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={primaryButton}>
              {presets.length > 0 ? `${label} with this reason` : label}
            </button>
          </div>
        </form>
      </div>
    </ModalDialog>
  );
}
