import { cartItemTotalPaisa, orderTotals } from '@campus/shared/domain/cart';
import { CHECKOUT_MESSAGES, type TCheckoutValues } from '@campus/shared/domain/checkout';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { normalisePhoneInput } from '@campus/shared/domain/phone';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useCaptcha } from '@/components/forms/captcha-field';
import { TextAreaField, TextField } from '@/components/forms/form-field';
import { NameFields } from '@/components/forms/name-fields';
import { SubmitButton } from '@/components/forms/submit-button';
import { Alert } from '@/components/ui/alert';
import { secondaryButton } from '@/components/ui/button-styles';
import { useAuth } from '@/lib/auth';
import { useCampusSelection } from '@/lib/campus-selection';
import { useCart } from '@/lib/cart-store';
import { preloadCompression } from '@/lib/compress-image';
import { checkoutContextQueryOptions } from '../api/checkout-api';
import { CHECKOUT_STEP_LABELS, checkCheckout } from '../hooks/checkout-process';
import { useCheckoutProcess } from '../hooks/use-checkout-process';
import { CheckoutSuccess } from './checkout-success';
import { OrderSummary } from './order-summary';
import { PayToDetails } from './pay-to-details';
import { PersonsStepper } from './persons-stepper';

/**
 * What the person fills in: the shared checkout values but the bucket and the navigation's
 * campus, which join them on submit.
 */
type CheckoutFields = {
  [K in Exclude<
    keyof TCheckoutValues,
    'cartItems' | 'universityId' | 'campusId' | 'screenshot'
  >]-?: NonNullable<TCheckoutValues[K]>;
} & { screenshot: File | null };

const card = 'space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6';
const optional = <span className="font-normal text-gray-700">(optional)</span>;
const hint = (text: string) => (
  <span className="mt-1 block text-xs font-normal text-gray-700">{text}</span>
);

function CheckoutForm({ user, onPlaced }: { user: TUserProfile; onPlaced(): void }) {
  const cart = useCart();
  const { selectedUniversity, selectedCampus } = useCampusSelection();
  const context = useQuery(checkoutContextQueryOptions(selectedCampus?.id ?? null));
  const { process, step, processing } = useCheckoutProcess();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CheckoutFields>({
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      room: '',
      phone: '',
      email: user.email,
      persons: 1,
      specialInstruction: '',
      accountTitle: '',
      bankName: '',
      screenshot: null,
      captcha: '',
    },
  });
  const captcha = useCaptcha((payload) => form.setValue('captcha', payload));
  const persons = form.watch('persons');
  const totals = orderTotals(cartItemTotalPaisa(cart.items), persons);
  const empty = cart.items.length === 0;
  const busy = processing || form.formState.isSubmitting;

  const submit = form.handleSubmit(async (fields) => {
    setFailure(null);
    const checked = checkCheckout(
      {
        ...fields,
        cartItems: cart.items,
        universityId: selectedUniversity?.id ?? '',
        campusId: selectedCampus?.id ?? '',
      },
      // Until the context arrives the domain rule waits for the server, which checks it again.
      { allowedDomains: context.data?.allowedDomains ?? [] },
    );
    if (!checked.ok) {
      setFailure(checked.message);
      return;
    }
    const outcome = await process(checked.form);
    if (!outcome) return; // a second submit while the first runs
    if (outcome.ok) {
      onPlaced();
      cart.clear();
      return;
    }
    setFailure(outcome.message);
    // The order request used the captcha payload up: solve a new one for the retry.
    if (outcome.orderSent) captcha.reset();
  });

  return (
    <section className="mx-auto max-w-5xl p-4 sm:p-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Checkout</h1>
      <form
        onSubmit={submit}
        noValidate
        aria-busy={busy || undefined}
        className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
      >
        <fieldset disabled={busy} className="min-w-0 space-y-6">
          <div className={card}>
            <h2 className="text-lg font-semibold">Your Details</h2>
            <NameFields first={form.register('firstName')} last={form.register('lastName')} />
            <TextField
              label="Email"
              type="email"
              readOnly
              className="bg-gray-100"
              hint={hint('The e-mail address of your account.')}
              {...form.register('email')}
            />
            <TextField
              label="Phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              placeholder="0300-0000000"
              required
              hint={hint('Pakistani mobile number, like 0300-0000000.')}
              {...form.register('phone', {
                // SPEC §5: digits only, at most 11, a hyphen after the fourth.
                onChange: (event) =>
                  form.setValue('phone', normalisePhoneInput(event.target.value)),
              })}
            />
            <TextField
              label={<>Hostel Room {optional}</>}
              placeholder="Hall name and room number"
              autoComplete="off"
              {...form.register('room')}
            />
          </div>

          <div className={card}>
            <h2 className="text-lg font-semibold">Delivery</h2>
            <PersonsStepper
              persons={persons}
              onChange={(value) => form.setValue('persons', value)}
            />
            <TextAreaField
              label={<>Special Instructions {optional}</>}
              rows={3}
              {...form.register('specialInstruction')}
            />
          </div>

          <div className={card}>
            <h2 className="text-lg font-semibold">Payment</h2>
            <PayToDetails
              campusChosen={selectedCampus !== null}
              payTo={context.data?.payTo}
              loading={context.isPending}
              error={context.error}
            />
            <TextField
              label="Account Title"
              autoComplete="off"
              required
              hint={hint('The name on the account you paid from.')}
              {...form.register('accountTitle')}
            />
            <TextField
              label="Bank Name"
              autoComplete="off"
              required
              hint={hint('The bank you paid from.')}
              {...form.register('bankName')}
            />
            <TextField
              label="Payment Screenshot"
              type="file"
              accept="image/*"
              required
              hint={hint('A picture of the completed transfer. It is made smaller before upload.')}
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                form.setValue('screenshot', file);
                if (file) preloadCompression();
              }}
            />
          </div>
        </fieldset>

        <div className={`${card} lg:sticky lg:top-4`}>
          <OrderSummary items={cart.items} totals={totals} />
          {empty && (
            <div className="space-y-3 text-sm">
              <p className="text-gray-700">{CHECKOUT_MESSAGES.emptyCart}</p>
              <Link to="/restaurants" className={secondaryButton}>
                Browse Restaurants
              </Link>
            </div>
          )}
          {captcha.field}
          {failure && (
            <div data-testid="checkout-failure">
              <Alert>{failure}</Alert>
            </div>
          )}
          <p role="status" className="flex min-h-5 items-center gap-2 text-sm text-gray-800">
            {step && (
              <>
                <span
                  aria-hidden="true"
                  className="size-4 animate-spin rounded-full border-2 border-orange-200 border-t-orange-700"
                />
                {CHECKOUT_STEP_LABELS[step]}
              </>
            )}
          </p>
          <SubmitButton label="Checkout" busyLabel="Processing..." busy={busy} disabled={empty} />
        </div>
      </form>
    </section>
  );
}

/** /checkout (SPEC §2, §4, §5 Checkout): the order form, then the thank-you view. */
export function CheckoutScreen() {
  const { user } = useAuth();
  const [placed, setPlaced] = useState(false);
  if (placed) return <CheckoutSuccess />;
  // The route guard has already sent a signed-out visitor to /login.
  if (!user) return null;
  return <CheckoutForm user={user} onPlaced={() => setPlaced(true)} />;
}
