import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_QUANTITY, parseQuantity } from '../state/model';

/** Props of {@link QuantityStepper}. */
export interface QuantityStepperProps {
  /** The item's name, for the controls' accessible names ('Quantity of Butter'). */
  name: string;
  /** The stored quantity, 1..999. */
  value: number;
  /** Stores a new quantity (1..999); a rejection shows 'Your change could not be saved.'. */
  onChange: (quantity: number) => Promise<void>;
}

/**
 * A quantity stepper: '−' (disabled at 1; use Remove to delete), a typed value (integer
 * 1..999, checked on Enter or when leaving the field; anything else shows 'Enter a whole number from
 * 1 to 999.' and goes back to the stored value) and '+' (disabled at 999).
 */
export function QuantityStepper({ name, value, onChange }: QuantityStepperProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const save = (q: number) => {
    setError(null);
    onChange(q).catch(() => setError('Your change could not be saved.'));
  };

  const commit = () => {
    if (draft === null) return;
    const q = parseQuantity(draft);
    setDraft(null);
    if (q === null) {
      setError('Enter a whole number from 1 to 999.');
      return;
    }
    if (q !== value) save(q);
    else setError(null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape' && draft !== null) {
      // Drops the typed value (the side panel's focus trap leaves a field marked data-editing alone).
      e.stopPropagation();
      setDraft(null);
      setError(null);
    }
  };

  return (
    <div className="mfsl-stepper">
      <div className="mfsl-stepper__row">
        <button type="button" className="mfsl-stepper__btn" aria-label={`Decrease quantity of ${name}`} disabled={value <= 1} onClick={() => save(value - 1)}>
          <span aria-hidden="true">−</span>
        </button>
        <input
          className="mfsl-stepper__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          aria-label={`Quantity of ${name}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-editing={draft !== null ? 'true' : undefined}
          value={draft ?? String(value)}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="mfsl-stepper__btn" aria-label={`Increase quantity of ${name}`} disabled={value >= MAX_QUANTITY} onClick={() => save(value + 1)}>
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {error && <p id={errorId} className="mfsl-error" role="alert">{error}</p>}
    </div>
  );
}
