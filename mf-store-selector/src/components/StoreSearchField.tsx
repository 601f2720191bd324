import type { Ref } from 'react';
import { MAX_QUERY_LENGTH } from './messages';

export interface StoreSearchFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** CSS prefix of the surface: 'mfss' (selector dialog) or 'mfsp' (store locator). */
  prefix: 'mfss' | 'mfsp';
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The store search box 'Search by city or postal code' (spec §2 Store selector), at most
 * MAX_QUERY_LENGTH characters; searching itself is debounced 700 ms by the caller (spec §9).
 */
export function StoreSearchField({ id, value, onChange, prefix, inputRef }: StoreSearchFieldProps) {
  return (
    <form className={`${prefix}-search`} role="search" onSubmit={(e) => e.preventDefault()}>
      <label className={`${prefix}-search__label`} htmlFor={id}>Search by city or postal code</label>
      <input
        ref={inputRef}
        id={id}
        className={`${prefix}-search__input`}
        type="search"
        autoComplete="postal-code"
        maxLength={MAX_QUERY_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value.slice(0, MAX_QUERY_LENGTH))}
      />
    </form>
  );
}
