import { AppError } from '@campus/shared/domain/app-error';
import type { TCheckoutForm } from '@campus/shared/domain/checkout';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { useCallback, useRef, useState } from 'react';
import { compressImage } from '@/lib/compress-image';
import { uploadScreenshot } from '@/lib/upload-screenshot';
import { fetchCartItems } from '@/lib/use-live-prices';
import { useCart } from '@/stores/cart';
import { submitOrder, type TPlacedOrderAnswer } from '../api/checkout-api';
import { type CheckoutStep, createCheckoutProcess } from './checkout-process';

/** How one submit ended: the order id, or the message to show and whether the order was sent. */
export type CheckoutOutcome =
  | ({ ok: true } & TPlacedOrderAnswer)
  | { ok: false; message: string; field: string | null; orderSent: boolean };

/** A v4 UUID; randomUUID needs a secure context, getRandomValues does not (plain http on a LAN). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The field a failure is about, when the api or the process named one. */
function failedField(error: unknown): string | null {
  const fields = error instanceof AppError ? error.fields : undefined;
  return fields ? (Object.keys(fields)[0] ?? null) : null;
}

/**
 * The checkout's processing state (docs/product.md §4: idle → processing → success or an error
 * message). `process` runs one submit; a second one while the first runs is ignored (it answers
 * null).
 */
export function useCheckoutProcess() {
  const { reprice } = useCart();
  const [checkout] = useState(() =>
    createCheckoutProcess({
      cartItemsNow: fetchCartItems,
      reprice,
      compress: (file) => compressImage(file, 'screenshot'),
      upload: uploadScreenshot,
      submitOrder,
      now: () => new Date(),
      newKey: newIdempotencyKey,
    }),
  );
  const [step, setStep] = useState<CheckoutStep | null>(null);
  const running = useRef(false);

  const process = useCallback(
    async (form: TCheckoutForm): Promise<CheckoutOutcome | null> => {
      if (running.current) return null;
      running.current = true;
      // An object, not a variable: TypeScript does not follow assignments made in callbacks.
      const last: { step: CheckoutStep | null } = { step: null };
      try {
        const placed = await checkout.run(form, (next) => {
          last.step = next;
          setStep(next);
        });
        return { ok: true, ...placed };
      } catch (error) {
        console.warn(`Checkout failed at ${last.step ?? 'the start'}`, error);
        return {
          ok: false,
          message: formatError(error).message,
          field: failedField(error),
          orderSent: last.step === 'placing-order',
        };
      } finally {
        running.current = false;
        setStep(null);
      }
    },
    [checkout],
  );

  return { process, step, processing: step !== null };
}
