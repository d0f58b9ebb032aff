// No zod here: the web reads this on first paint. The api builds the answer from its parsed
// configuration, so the browser has nothing to validate.

/** A WhatsApp number as wa.me wants it: international format, digits only, no + or leading 0. */
export const WHATSAPP_NUMBER_PATTERN = /^[1-9]\d{7,14}$/;

/** What GET /api/public-config answers: the only server settings the browser may see. */
export type TPublicConfig = {
  ok: true;
  /** Digits matching WHATSAPP_NUMBER_PATTERN, or null for no chat link. */
  whatsappNumber: string | null;
};

/** The floating chat link for a WhatsApp number: https://wa.me/923001234567. */
export function whatsAppChatUrl(number: string): string {
  return `https://wa.me/${number}`;
}
