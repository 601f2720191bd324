import { useId, useState, type FormEvent } from 'react';
import type { ListService } from '../state/listService';
import { cleanCustomName, MAX_CUSTOM_NAME, metaName } from '../state/model';

/**
 * 'Add a custom item' (spec §3 custom items, §5 name cut at 50): a field (maxLength 50) and 'Add'
 * (or Enter). An empty name is refused with a message; when storing fails the typed text stays.
 * The name is plain text everywhere.
 */
export function CustomItemForm({ service, disabled = false }: { service: ListService | null; disabled?: boolean }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!service || busy) return;
    if (!cleanCustomName(name)) {
      setError('Enter a name for the item.');
      return;
    }
    setBusy(true);
    try {
      const item = await service.addCustom(name);
      setName('');
      setError(null);
      setStatus(`Added ${metaName(item) ?? 'the item'} to your list.`);
    } catch (err) {
      setError((err as Error)?.message || 'The item could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mfsl-add" onSubmit={submit} noValidate>
      <label className="mfsl-add__label" htmlFor={inputId}>Add a custom item</label>
      <div className="mfsl-add__row">
        <input
          id={inputId}
          className="mfsl-input"
          type="text"
          maxLength={MAX_CUSTOM_NAME}
          autoComplete="off"
          placeholder="e.g. Birthday candles"
          value={name}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => { setName(e.target.value); if (error) setError(null); }}
        />
        <button type="submit" className="mfsl-btn mfsl-btn--quiet" disabled={disabled || busy}>Add</button>
      </div>
      {error && <p id={errorId} className="mfsl-error" role="alert">{error}</p>}
      <p className="mfsl-visually-hidden" role="status" aria-live="polite">{status}</p>
    </form>
  );
}
