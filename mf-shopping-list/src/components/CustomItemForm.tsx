import { useId, useState, type FormEvent } from 'react';
import type { ListService } from '../api/listService';
import { cleanCustomName, metaName } from '../state/model';
import { CustomNameInput } from './CustomNameInput';

/**
 * 'Add a custom item' (spec §3 custom items, §5 name cut at 50): a field (maxLength 50) and 'Add'
 * (or Enter). An empty name is refused with a message. The field empties on submit so the next item
 * can be typed at once; when storing fails the typed text comes back with the reason (no lost input).
 * The name is plain text everywhere.
 */
export function CustomItemForm({ service, disabled = false }: { service: ListService | null; disabled?: boolean }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const inputId = useId();
  const errorId = useId();

  // The field empties at once on submit, so the next item can be typed while this one is stored; if
  // storing fails, the text comes back (unless the shopper has typed something new meanwhile).
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!service) return;
    const submitted = name;
    if (!cleanCustomName(submitted)) {
      setError('Enter a name for the item.');
      return;
    }
    setName('');
    setError(null);
    try {
      const item = await service.addCustom(submitted);
      setStatus(`Added ${metaName(item) ?? 'the item'} to your list.`);
    } catch (err) {
      setName((current) => (current === '' ? submitted : current));
      setError((err as Error)?.message || 'The item could not be saved. Please try again.');
    }
  };

  return (
    <form className="mfsl-add" onSubmit={submit} noValidate>
      <label className="mfsl-add__label" htmlFor={inputId}>Add a custom item</label>
      <div className="mfsl-add__row">
        <CustomNameInput
          id={inputId}
          placeholder="e.g. Birthday candles"
          value={name}
          disabled={disabled}
          errorId={error ? errorId : null}
          onChange={(e) => { setName(e.target.value); if (error) setError(null); }}
        />
        <button type="submit" className="mfsl-btn mfsl-btn--quiet" disabled={disabled}>Add</button>
      </div>
      {error && <p id={errorId} className="mfsl-error" role="alert">{error}</p>}
      <p className="mfsl-visually-hidden" role="status" aria-live="polite">{status}</p>
    </form>
  );
}
