/**
 * Scene+ card numbers (spec §3 Scene.cardNumber): 16 digits starting 6046; shoppers may type spaces.
 */

/** The digits of a typed card number (spaces removed), or null when anything else was typed. */
export function normalizeCardNumber(input: string): string | null {
  const compact = input.replace(/ +/g, '');
  return /^\d*$/.test(compact) ? compact : null;
}

/**
 * Validates a typed card number for the add-card popup.
 * @returns `{ ok: true, cardNumber }` (16 digits, no spaces) or `{ ok: false, error }` (shopper text)
 */
export function validateCardNumber(input: string): { ok: true; cardNumber: string } | { ok: false; error: string } {
  if (input.trim() === '') return { ok: false, error: 'Enter your Scene+ card number.' };
  const digits = normalizeCardNumber(input.trim());
  if (!digits || !/^6046\d{12}$/.test(digits)) {
    return { ok: false, error: 'Enter the 16-digit Scene+ card number that starts with 6046. Use digits only; spaces are fine.' };
  }
  return { ok: true, cardNumber: digits };
}

/** Masks a card number except its last 4 digits: '6046000000001003' → '•••• •••• •••• 1003'. */
export function maskCardNumber(cardNumber: string): string {
  const digits = cardNumber.replace(/\D/g, '');
  return `•••• •••• •••• ${digits.slice(-4)}`;
}

/** The last 4 digits of a card number. */
export function lastFour(cardNumber: string): string {
  return cardNumber.replace(/\D/g, '').slice(-4);
}
