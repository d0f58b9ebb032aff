import { cartItemTotalPaisa, orderTotals, restaurantIdsOf } from '@campus/shared/domain/cart';
import { CHECKOUT_MESSAGES, type TCheckoutValues } from '@campus/shared/domain/checkout';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { paisaToRupees } from '@campus/shared/domain/money';
import { normalisePhoneInput } from '@campus/shared/domain/phone';
import { QUOTE_MESSAGES, quoteTotals } from '@campus/shared/domain/quote';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { PriceChangesNotice } from '@/components/cart/price-changes-notice';
import { useCaptcha } from '@/components/forms/captcha-field';
import { fieldHint, SelectField, TextAreaField, TextField } from '@/components/forms/form-field';
import { NameFields } from '@/components/forms/name-fields';
import { ScreenshotField } from '@/components/forms/screenshot-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { Link } from '@/components/link';
import { Alert } from '@/components/ui/alert';
import { secondaryButton } from '@/components/ui/button-styles';
import { preloadCompression } from '@/lib/compress-image';
import {
  forgetCheckout,
  keepCheckoutFields,
  keepCheckoutScreenshot,
  keptCheckoutFields,
  keptCheckoutScreenshot,
} from '@/lib/kept-checkout';
import { type PlacedOrder, placedOrderPage } from '@/lib/placed-order';
import { useLivePrices } from '@/lib/use-live-prices';
import { useAuth } from '@/stores/auth';
import { useCampusSelection } from '@/stores/campus-selection';
import { useCart } from '@/stores/cart';
import { checkoutContextQueryOptions } from '../api/checkout-api';
import {
  CHECKOUT_STEP_LABELS,
  type CheckoutFieldErrors,
  checkCheckout,
  checkoutFieldErrors,
} from '../hooks/checkout-process';
import { useCheckoutProcess } from '../hooks/use-checkout-process';
import { useQuote } from '../hooks/use-quote';
import { useRoundPromise } from '../hooks/use-round-promise';
import { OrderSummary } from './order-summary';
import { PayToDetails } from './pay-to-details';
import { PersonsStepper } from './persons-stepper';
import { QuoteHold } from './quote-hold';

/**
 * What the person fills in: the shared checkout values but the cart and the navigation's
 * campus, which join them on submit.
 */
type CheckoutFields = {
  [K in Exclude<
    keyof TCheckoutValues,
    'cartItems' | 'universityId' | 'campusId' | 'screenshot' | 'grandTotal' | 'quoteId'
  >]-?: NonNullable<TCheckoutValues[K]>;
} & { screenshot: File | null };

const card = 'space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6';
const optional = <span className="font-normal text-gray-700">(optional)</span>;

/** The fields that show their own message, in the order the form shows them. */
const MESSAGE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'placeId',
  'room',
  'specialInstruction',
  'accountTitle',
  'bankName',
  'screenshot',
  'captcha',
] as const satisfies readonly (keyof CheckoutFields)[];
type MessageField = (typeof MESSAGE_FIELDS)[number];

const isMessageField = (field: string | null): field is MessageField =>
  (MESSAGE_FIELDS as readonly (string | null)[]).includes(field);

/** The form's errors for the fields' messages. */
function formErrors(messages: CheckoutFieldErrors): FieldErrors<CheckoutFields> {
  const errors: FieldErrors<CheckoutFields> = {};
  for (const field of Object.keys(messages) as (keyof CheckoutFieldErrors)[]) {
    errors[field] = { type: 'validate', message: messages[field] };
  }
  return errors;
}

/** The fields kept across a reload (kept-checkout.ts): all but the e-mail, picture and captcha. */
const KEPT_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'placeId',
  'room',
  'persons',
  'specialInstruction',
  'accountTitle',
  'bankName',
] as const satisfies readonly (keyof CheckoutFields)[];
/** The fields the person's last order fills in when this tab kept nothing of them. */
const LAST_ORDER_FIELDS = ['placeId', 'phone', 'room', 'accountTitle', 'bankName'] as const;

/** The form's first values: what this tab kept of them, else the account's. */
function firstValues(user: TUserProfile): CheckoutFields {
  const kept = keptCheckoutFields(user.uid) ?? {};
  const text = (field: (typeof KEPT_FIELDS)[number], fallback: string) =>
    typeof kept[field] === 'string' ? (kept[field] as string) : fallback;
  return {
    firstName: text('firstName', user.firstName),
    lastName: text('lastName', user.lastName),
    placeId: text('placeId', ''),
    room: text('room', ''),
    phone: text('phone', ''),
    email: user.email,
    persons: typeof kept.persons === 'number' ? kept.persons : 1,
    specialInstruction: text('specialInstruction', ''),
    accountTitle: text('accountTitle', ''),
    bankName: text('bankName', ''),
    screenshot: null,
    captcha: '',
  };
}

/** The order this checkout places: the campus on the person's profile, else the selector's. */
function useOrderCampus(user: TUserProfile) {
  const { selectedUniversity, selectedCampus } = useCampusSelection();
  if (user.universityId && user.campusId) {
    return { universityId: user.universityId, campusId: user.campusId };
  }
  return { universityId: selectedUniversity?.id ?? '', campusId: selectedCampus?.id ?? '' };
}

function CheckoutForm({
  user,
  onPlaced,
}: {
  user: TUserProfile;
  onPlaced(order: PlacedOrder): void;
}) {
  const cart = useCart();
  const orderCampus = useOrderCampus(user);
  const context = useQuery(checkoutContextQueryOptions(orderCampus.campusId || null));
  const round = useRoundPromise(orderCampus.campusId || null, restaurantIdsOf(cart.items));
  const prices = useLivePrices();
  const quote = useQuote(orderCampus, cart.items);
  const { process, step, processing } = useCheckoutProcess();
  // A failure that is about no field of the form: shown above Checkout.
  const [failure, setFailure] = useState<string | null>(null);
  // A new object per failure: the same field failing twice is focused twice.
  const [focusTarget, setFocusTarget] = useState<{ field: string | null } | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const screenshotRef = useRef<HTMLInputElement>(null);
  const captchaMessageRef = useRef<HTMLParagraphElement>(null);
  // Until the context arrives the domain rule waits for the server, which checks it again.
  const allowedDomains = context.data?.allowedDomains ?? [];
  // The place rule likewise (decision 026): unknown until the campus's places arrive.
  const places = context.data?.places;
  const rules = { allowedDomains, places };
  const [firstValuesOnce] = useState(() => firstValues(user));
  const form = useForm<CheckoutFields>({
    // Every field's rule on submit, all at once; after it each field is checked again as it
    // changes, so its message goes as soon as its value holds.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The form moves the focus itself, once its fields are enabled again.
    shouldFocusError: false,
    resolver: async (fields) => {
      const errors = formErrors(await checkoutFieldErrors(fields, rules));
      return Object.keys(errors).length === 0
        ? { values: fields, errors: {} }
        : { values: {}, errors };
    },
    defaultValues: firstValuesOnce,
  });
  // Every change is kept for a reload; the picture chosen before one comes back.
  useEffect(() => {
    const watching = form.watch((values) =>
      keepCheckoutFields(
        user.uid,
        Object.fromEntries(KEPT_FIELDS.map((field) => [field, values[field] ?? ''])),
      ),
    );
    // Only into the tab that chose it: a checkout days later elsewhere starts without it.
    if (keptCheckoutFields(user.uid)) {
      void keptCheckoutScreenshot(user.uid).then((file) => {
        if (file && !form.getValues('screenshot')) form.setValue('screenshot', file);
      });
    } else {
      void keepCheckoutScreenshot(user.uid, null);
    }
    return () => watching.unsubscribe();
  }, [form, user.uid]);
  // What the last order gave, in the fields still empty and untouched.
  const lastDetails = context.data?.lastDetails;
  useEffect(() => {
    if (!lastDetails) return;
    for (const field of LAST_ORDER_FIELDS) {
      if (!form.getValues(field) && !form.getFieldState(field).isDirty) {
        form.setValue(field, lastDetails[field] ?? '');
      }
    }
  }, [form, lastDetails]);
  // A solved captcha takes its message away; one being solved again is no error until a submit.
  const captcha = useCaptcha((payload) =>
    form.setValue('captcha', payload, { shouldValidate: payload !== '' }),
  );
  const { errors } = form.formState;
  const persons = form.watch('persons');
  const placeId = form.watch('placeId');
  const placeNote = places?.find((place) => place.id === placeId)?.note;
  const empty = cart.items.length === 0;
  // The quote held, once its changes were taken: the order is placed at its total.
  const held =
    quote.state.kind === 'held' || quote.state.kind === 'expired' ? quote.state.quote : null;
  const totals = empty
    ? null
    : held
      ? quoteTotals(held, persons)
      : orderTotals(cartItemTotalPaisa(cart.items), persons);
  const busy = processing || form.formState.isSubmitting;

  /**
   * Shows a failure beside the field it is about, or above Checkout, and moves the focus to the
   * field or to the message.
   */
  const fail = (message: string, field: string | null) => {
    if (isMessageField(field)) form.setError(field, { type: 'validate', message });
    else setFailure(message);
    setFocusTarget({ field });
  };
  // The fields are disabled while the form is busy: focus once it is not.
  useEffect(() => {
    if (!focusTarget || busy) return;
    const { field } = focusTarget;
    if (field === 'screenshot') screenshotRef.current?.focus();
    else if (field === 'captcha') captchaMessageRef.current?.focus();
    else if (isMessageField(field)) form.setFocus(field);
    else failureRef.current?.focus();
    setFocusTarget(null);
  }, [focusTarget, busy, form]);

  const submit = form.handleSubmit(
    async (fields) => {
      setFailure(null);
      const checked = checkCheckout(
        {
          ...fields,
          cartItems: cart.items,
          ...orderCampus,
          // The grand total on the screen: the order is placed at it, or not at all.
          grandTotal: paisaToRupees(totals?.grandTotal ?? 0),
          quoteId: held?.id,
        },
        rules,
      );
      if (!checked.ok) {
        fail(checked.message, checked.field);
        return;
      }
      // Checkout stays pressable (docs/product.md §5 Checkout); without a held quote it says what
      // comes first.
      if (!quote.placeable) {
        fail(QUOTE_MESSAGES.quoteFirst, null);
        return;
      }
      const outcome = await process(checked.form);
      if (!outcome) return; // a second submit while the first runs
      if (outcome.ok) {
        cart.clear();
        void forgetCheckout(user.uid);
        onPlaced({
          orderId: outcome.orderId,
          grandTotalPaisa: totals?.grandTotal ?? 0,
          round: outcome.round ?? null,
          timeZone: outcome.timeZone,
          placedAt: new Date().toISOString(),
        });
        return;
      }
      fail(outcome.message, outcome.field);
      // A quote that ran out or was replaced: a fresh one says whether anything changed.
      if (outcome.field === 'quoteId') quote.fresh();
      // The order request used the captcha payload up: solve a new one for the retry.
      if (outcome.orderSent) {
        captcha.reset();
        // A refused order may be a price that changed meanwhile: show the cart as it is now.
        void prices.refresh();
      }
    },
    (invalid) => {
      setFailure(null);
      setFocusTarget({ field: MESSAGE_FIELDS.find((field) => invalid[field]) ?? null });
    },
  );

  return (
    <section className="mx-auto max-w-5xl p-4 sm:p-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Checkout</h1>
      {/* Phones: the summary heads the form. Wide screens: it stays beside the form, over the
          captcha and Checkout that close it. */}
      <form
        onSubmit={submit}
        noValidate
        aria-busy={busy || undefined}
        className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[1fr_auto] lg:items-start"
      >
        <div className={`${card} lg:sticky lg:top-4 lg:col-start-2 lg:row-start-1`}>
          <PriceChangesNotice />
          <OrderSummary
            items={cart.items}
            totals={totals}
            problems={prices.problems}
            round={round}
          />
          {empty && (
            <div className="space-y-3 text-sm">
              <p className="text-gray-700">{CHECKOUT_MESSAGES.emptyCart}</p>
              <Link to="/restaurants" className={secondaryButton}>
                Browse Restaurants
              </Link>
            </div>
          )}
        </div>

        <fieldset
          disabled={busy}
          className="min-w-0 space-y-6 lg:col-start-1 lg:row-span-2 lg:row-start-1"
        >
          <div className={card}>
            <h2 className="text-lg font-semibold">Your Details</h2>
            <NameFields
              first={{ ...form.register('firstName'), error: errors.firstName?.message }}
              last={{ ...form.register('lastName'), error: errors.lastName?.message }}
            />
            <TextField
              label="Email"
              type="email"
              readOnly
              className="bg-gray-100"
              hint={fieldHint('The e-mail address of your account.')}
              error={errors.email?.message}
              {...form.register('email')}
            />
            <TextField
              label="Phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              placeholder="0300-0000000"
              required
              hint={fieldHint('Pakistani mobile number, like 0300-0000000.')}
              error={errors.phone?.message}
              {...form.register('phone', {
                // docs/product.md §5: digits only, at most 11, a hyphen after the fourth.
                onChange: (event) =>
                  form.setValue('phone', normalisePhoneInput(event.target.value)),
              })}
            />
            {places && places.length > 0 ? (
              <>
                <SelectField
                  label="Delivery place"
                  required
                  hint={placeNote && fieldHint(placeNote)}
                  error={errors.placeId?.message}
                  {...form.register('placeId')}
                >
                  <option value="">Choose a place</option>
                  {places.map((place) => (
                    <option key={place.id} value={place.id}>
                      {place.name}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label={<>Room {optional}</>}
                  placeholder="Room number"
                  autoComplete="off"
                  error={errors.room?.message}
                  {...form.register('room')}
                />
              </>
            ) : (
              <TextField
                label={<>Hostel Room {optional}</>}
                placeholder="Hall name and room number"
                autoComplete="off"
                error={errors.room?.message}
                {...form.register('room')}
              />
            )}
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
              error={errors.specialInstruction?.message}
              {...form.register('specialInstruction')}
            />
          </div>

          <div className={card}>
            <h2 className="text-lg font-semibold">Payment</h2>
            <QuoteHold
              state={quote.state}
              persons={persons}
              onAccept={(taken) => {
                cart.applyQuote(taken?.lines ?? []);
                quote.accept(taken?.id ?? null);
              }}
              onFresh={quote.fresh}
            />
            {quote.showsPayTo && (
              <PayToDetails
                campusChosen={orderCampus.campusId !== ''}
                payTo={context.data?.payTo}
                paymentReference={context.data?.paymentReference}
                amountPaisa={totals?.grandTotal ?? null}
                loading={context.isPending}
                error={context.error}
              />
            )}
            <TextField
              label="Your account title"
              autoComplete="off"
              required
              hint={fieldHint('The name on the account you paid from, not ours.')}
              error={errors.accountTitle?.message}
              {...form.register('accountTitle')}
            />
            <TextField
              label="Your bank"
              autoComplete="off"
              required
              hint={fieldHint('The bank you paid from.')}
              error={errors.bankName?.message}
              {...form.register('bankName')}
            />
            <ScreenshotField
              file={form.watch('screenshot')}
              error={errors.screenshot?.message}
              hint={fieldHint(
                'A picture of the completed transfer. It is made smaller before upload.',
              )}
              inputRef={screenshotRef}
              onChoose={(file) => {
                form.setValue('screenshot', file, { shouldValidate: true });
                void keepCheckoutScreenshot(user.uid, file);
                if (file) preloadCompression();
              }}
            />
          </div>
        </fieldset>

        <div className={`${card} lg:col-start-2 lg:row-start-2`}>
          {captcha.field}
          {errors.captcha && (
            <p
              ref={captchaMessageRef}
              tabIndex={-1}
              className="text-sm font-medium text-red-700 focus:outline-none"
            >
              {errors.captcha.message}
            </p>
          )}
          {failure && (
            <div
              data-testid="checkout-failure"
              ref={failureRef}
              tabIndex={-1}
              className="focus:outline-none"
            >
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

/**
 * /checkout (docs/product.md §2, §4, §5 Checkout): the order form; once the order is placed, its
 * own page with the thank-you view on top, so a reload shows the order, never an empty checkout.
 */
export function CheckoutScreen() {
  const { user } = useAuth();
  const navigate = useNavigate();
  // The route guard has already sent a signed-out visitor to /login.
  if (!user) return null;
  return (
    <CheckoutForm
      user={user}
      onPlaced={(placed) => {
        const page = placedOrderPage(placed);
        navigate(page.to, { state: page.state, replace: true });
      }}
    />
  );
}
