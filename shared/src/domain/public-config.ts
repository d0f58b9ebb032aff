// zod/mini: the web reads this on first paint, where every kilobyte counts.
import * as z from 'zod/mini';

/** A WhatsApp number as wa.me wants it: international format, digits only, no + or leading 0. */
export const WHATSAPP_NUMBER_PATTERN = /^[1-9]\d{7,14}$/;

/** What GET /api/public-config answers: the only server settings the browser may see. */
export const ZPublicConfig = z.object({
  ok: z.literal(true),
  whatsappNumber: z.nullable(z.string().check(z.regex(WHATSAPP_NUMBER_PATTERN))),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;

/** The floating chat link for a WhatsApp number: https://wa.me/923001234567. */
export function whatsAppChatUrl(number: string): string {
  return `https://wa.me/${number}`;
}
