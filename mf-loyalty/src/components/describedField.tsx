import { useId, type ReactNode } from 'react';

/** What {@link useDescribedField} gives a form: the ids and ARIA attributes to spread, and the error line. */
export interface DescribedField {
  /** Spread on the `<input>`: its id (the label's `htmlFor`), `aria-invalid` and `aria-describedby`. */
  inputProps: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string };
  /** The id of the hint text that describes the field. */
  hintId: string;
  /** The error text (`role="alert"`, announced at once), or nothing while there is no error. */
  errorLine: ReactNode;
}

/**
 * A text field described by a hint and, once there is one, by its error (the card number of the
 * add-card popup, the code of /verify-card): `aria-describedby` names the hint, then the error;
 * `aria-invalid` is set while the error shows.
 * @param error the message to show, or null
 */
export function useDescribedField(error: string | null): DescribedField {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  return {
    inputProps: { id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${hintId} ${errorId}` : hintId },
    hintId,
    errorLine: error && <p className="mfl-error" id={errorId} role="alert">{error}</p>,
  };
}
