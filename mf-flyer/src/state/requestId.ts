let counter = 0;

/** A new request id for bus requests (`requestId`), unique on the page: 'flyer-<uuid>' or 'flyer-<time>-<n>'. */
export function newRequestId(): string {
  counter += 1;
  const uuid = typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : null;
  return uuid ? `flyer-${uuid}` : `flyer-${Date.now().toString(36)}-${counter}`;
}
