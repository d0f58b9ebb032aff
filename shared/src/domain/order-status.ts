import { z } from 'zod';
import { zText } from './form-validation';
import { formatRs } from './money';
import { TEXT_LIMITS } from './text';
import { DEFAULT_TIME_ZONE, formatShortTimestamp } from './time-zone';

// What happens to an order after checkout (docs/architecture.md §8): one table of the allowed
// transitions, who may make each and what it says. The web shows its buttons from it; the api
// enforces it.

export const ORDER_STATES = [
  'placed',
  'verified',
  'rejected',
  'cancelled',
  'out_for_delivery',
  'delivered',
] as const;
export const ZOrderState = z.enum(ORDER_STATES);
export type TOrderState = z.infer<typeof ZOrderState>;

/** The badge text of each state, as students and admins read it. */
export const ORDER_STATE_LABELS: Record<TOrderState, string> = {
  placed: 'Payment check pending',
  verified: 'Verified',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
};

/**
 * The text of a state in the order sheet's 'Status' column: the state's own words, lowercase, so a
 * sheet filter or formula can match them ('verified', 'out for delivery').
 */
export const sheetStatusText = (state: TOrderState): string => state.replaceAll('_', ' ');

/**
 * What the check of the payment screenshot found: nothing ('clear'), the same or a look-alike
 * screenshot on earlier orders ('duplicate'), nothing yet (the check-screenshot job has not run:
 * 'checking'), or nothing to compare ('not_checked').
 */
export const SCREENSHOT_CHECKS = ['clear', 'duplicate', 'checking', 'not_checked'] as const;
export const ZScreenshotCheck = z.enum(SCREENSHOT_CHECKS);
export type TScreenshotCheck = z.infer<typeof ZScreenshotCheck>;

/**
 * What the check found, from the order's fingerprint (taken or not), whether the check ran, and
 * the orders it matched.
 */
export function screenshotCheckOf(order: {
  fingerprinted: boolean;
  checked: boolean;
  duplicateOf: readonly string[];
}): TScreenshotCheck {
  if (!order.fingerprinted) return 'not_checked';
  if (!order.checked) return 'checking';
  return order.duplicateOf.length > 0 ? 'duplicate' : 'clear';
}

/** Who makes a transition: the student who placed the order, or an admin of its campus. */
export type TransitionActor = 'student' | 'admin';

type ActionRule = {
  from: readonly TOrderState[];
  to: TOrderState;
  by: TransitionActor;
  reasonRequired: boolean;
  /** The button's text. */
  label: string;
  /** What was done, for 'This order was already {done} by …' and the timeline. */
  done: string;
  /** The 409 when the order is in a state this action does not start from. */
  refused: string;
  /** Whether the student gets an e-mail about it. */
  mailsStudent: boolean;
  /**
   * Whether the campus's admins get an e-mail about it: a student's cancellation, so nobody packs
   * the order and a payment made for it can be sent back.
   */
  mailsAdmins: boolean;
  /** Whether it comes with a new payment screenshot, checked and read again like the first. */
  newScreenshot: boolean;
};

export const ORDER_ACTION_NAMES = [
  'verify',
  'reject',
  'cancel',
  'dispatch',
  'deliver',
  'reopen',
  'resubmit',
] as const;
export const ZOrderAction = z.enum(ORDER_ACTION_NAMES);
export type TOrderAction = z.infer<typeof ZOrderAction>;

export const ORDER_ACTIONS = {
  verify: {
    from: ['placed'],
    to: 'verified',
    by: 'admin',
    reasonRequired: false,
    label: 'Verify',
    done: 'verified',
    refused: 'Only an order waiting for its payment check can be verified.',
    mailsStudent: true,
    mailsAdmins: false,
    newScreenshot: false,
  },
  reject: {
    from: ['placed'],
    to: 'rejected',
    by: 'admin',
    reasonRequired: true,
    label: 'Reject',
    done: 'rejected',
    refused: 'Only an order waiting for its payment check can be rejected.',
    mailsStudent: true,
    mailsAdmins: false,
    newScreenshot: false,
  },
  cancel: {
    from: ['placed'],
    to: 'cancelled',
    by: 'student',
    reasonRequired: false,
    label: 'Cancel order',
    done: 'cancelled',
    refused: 'This order can no longer be cancelled: its payment has been checked.',
    mailsStudent: false,
    mailsAdmins: true,
    newScreenshot: false,
  },
  dispatch: {
    from: ['verified'],
    to: 'out_for_delivery',
    by: 'admin',
    reasonRequired: false,
    label: 'Out for delivery',
    done: 'sent out for delivery',
    refused: 'Only a verified order can go out for delivery.',
    mailsStudent: true,
    mailsAdmins: false,
    newScreenshot: false,
  },
  deliver: {
    from: ['out_for_delivery'],
    to: 'delivered',
    by: 'admin',
    reasonRequired: false,
    label: 'Delivered',
    done: 'marked delivered',
    refused: 'Only an order out for delivery can be marked delivered.',
    mailsStudent: false,
    mailsAdmins: false,
    newScreenshot: false,
  },
  reopen: {
    from: ['verified', 'rejected'],
    to: 'placed',
    by: 'admin',
    reasonRequired: true,
    label: 'Reopen',
    done: 'reopened',
    refused: 'Only a verified or rejected order can be reopened.',
    mailsStudent: false,
    mailsAdmins: false,
    newScreenshot: false,
  },
  resubmit: {
    from: ['rejected'],
    to: 'placed',
    by: 'student',
    reasonRequired: false,
    label: 'Send a new screenshot',
    done: 'sent a new screenshot',
    refused: 'Only a rejected order can take a new payment screenshot.',
    mailsStudent: false,
    mailsAdmins: false,
    newScreenshot: true,
  },
} as const satisfies Record<TOrderAction, ActionRule>;

/** The preset reasons of a rejection; an admin may also write their own. */
export const REJECT_REASONS = [
  'The amount does not match the order total.',
  'The screenshot is unreadable.',
  'This screenshot was already used for another order.',
  'No transfer was received.',
] as const;

/**
 * How long after a rejection the student may send a new payment screenshot for the order; past
 * it the order stays rejected (its mart items went back to stock with the rejection).
 */
export const RESUBMIT_WINDOW_HOURS = 24;

/** Until when a new payment screenshot is taken for an order rejected at `rejectedAt`. */
export function resubmitDeadline(rejectedAt: Date): Date {
  return new Date(rejectedAt.getTime() + RESUBMIT_WINDOW_HOURS * 3_600_000);
}

export const ORDER_STATUS_MESSAGES = {
  reasonRequired: 'Please give a reason.',
  screenshotMissing: 'Please choose your new payment screenshot.',
  resubmitTooLate: `The time to send a new payment screenshot for this order has passed: ${RESUBMIT_WINDOW_HOURS} hours after its rejection.`,
  resubmitUntil: (at: Date, timeZone: string = DEFAULT_TIME_ZONE) =>
    `You can send a new payment screenshot until ${formatShortTimestamp(at, timeZone)}.`,
  studentsOwn: 'Only the student who placed an order can cancel it.',
  // 'Pay the difference': a rejection that asks only for what a short payment left unpaid.
  askDifference: (shortPaisa: number) =>
    `Ask the student for the missing ${formatRs(shortPaisa)} only`,
  differenceOnlyOnReject: 'Only a rejection can ask for the missing amount.',
  nothingShort:
    'No short payment is on record for this order: neither its receipt nor its statement credit shows less than its total.',
  payDifference: (shortPaisa: number, reference: string) =>
    `Your payment was ${formatRs(shortPaisa)} short. Transfer the missing ${formatRs(shortPaisa)}, with ${reference} in the note, and send a screenshot of that transfer.`,
  alreadyDone: (done: string, name: string, at: Date, timeZone: string = DEFAULT_TIME_ZONE) =>
    `This order was already ${done} by ${name} at ${formatShortTimestamp(at, timeZone)}.`,
  /** What a student reads instead: who of the campus team acted is not theirs to know. */
  alreadyDoneAt: (done: string, at: Date, timeZone: string = DEFAULT_TIME_ZONE) =>
    `This order was already ${done} at ${formatShortTimestamp(at, timeZone)}.`,
} as const;

/** Whether the action may start from the state (who may is checked apart). */
export function canStart(action: TOrderAction, state: TOrderState): boolean {
  return (ORDER_ACTIONS[action].from as readonly TOrderState[]).includes(state);
}

/** The actions an actor may take on an order in this state: the buttons to show. */
export function availableActions(state: TOrderState, actor: TransitionActor): TOrderAction[] {
  return ORDER_ACTION_NAMES.filter(
    (action) => ORDER_ACTIONS[action].by === actor && canStart(action, state),
  );
}

/**
 * Whether an order in this state holds its mart items: a rejected or cancelled order gave them
 * back. Stock + the quantities of the orders that hold them is constant.
 */
export function holdsStock(state: TOrderState): boolean {
  return state !== 'rejected' && state !== 'cancelled';
}

/** What a transition does to mart stock: give the items back, take them again, or nothing. */
export function stockEffect(from: TOrderState, to: TOrderState): 'give-back' | 'take' | 'none' {
  if (holdsStock(from) === holdsStock(to)) return 'none';
  return holdsStock(from) ? 'give-back' : 'take';
}

/** More differences than one order can have (each receipt rule once, and a reused screenshot). */
const CONFIRMED_DIFFERENCES_MAX = 20;

/**
 * An admin's transition request (POST /api/admin/orders/:id/status); a reason where the rule asks.
 * A verify names the differences the admin confirmed (payment-evidence.ts).
 */
export const ZOrderTransitionRequest = z
  .object({
    action: ZOrderAction,
    reason: zText({ max: TEXT_LIMITS.instructions }),
    confirmed: z
      .array(z.string().max(TEXT_LIMITS.instructions))
      .max(CONFIRMED_DIFFERENCES_MAX)
      .default([]),
    // A reject of a short payment that asks only for the missing amount ('pay the difference').
    askDifference: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const rule = ORDER_ACTIONS[value.action];
    if (rule.by !== 'admin') {
      ctx.addIssue({
        code: 'custom',
        path: ['action'],
        message: ORDER_STATUS_MESSAGES.studentsOwn,
      });
    } else if (value.askDifference && value.action !== 'reject') {
      ctx.addIssue({
        code: 'custom',
        path: ['askDifference'],
        message: ORDER_STATUS_MESSAGES.differenceOnlyOnReject,
      });
    } else if (rule.reasonRequired && value.reason === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: ORDER_STATUS_MESSAGES.reasonRequired,
      });
    }
  });
export type TOrderTransitionRequest = {
  action: TOrderAction;
  reason: string;
  /** The differences the admin saw and confirmed (a verify); none by default. */
  confirmed?: readonly string[];
  /** The upload id of the new payment screenshot the action comes with (a resubmit). */
  screenshot?: string;
  /** A reject that asks the student only for what their short payment left unpaid. */
  askDifference?: boolean;
};

/** A student's cancel (POST /api/orders/:id/cancel): a reason is welcome, never required. */
export const ZCancelOrderRequest = z.object({ reason: zText({ max: TEXT_LIMITS.instructions }) });

/**
 * A student's new payment screenshot for a rejected order (POST /api/orders/:id/resubmit): the
 * upload's id, and a note for the campus team if they like.
 */
export const ZResubmitOrderRequest = z.object({
  screenshot: z.string().trim().min(1, ORDER_STATUS_MESSAGES.screenshotMissing).max(100),
  reason: zText({ max: TEXT_LIMITS.instructions }),
});
