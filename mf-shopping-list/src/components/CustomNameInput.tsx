import type { InputHTMLAttributes } from 'react';
import { MAX_CUSTOM_NAME } from '../state/model';

/** Props of {@link CustomNameInput}: an input's, plus the id of the error shown (null: none). */
export type CustomNameInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'maxLength'> & { errorId: string | null };

/**
 * The text input of a custom item's name (spec §5: cut at 50 characters), marked invalid and
 * described by its error while `errorId` is set.
 */
export function CustomNameInput({ errorId, className, ...input }: CustomNameInputProps) {
  return (
    <input
      {...input}
      className={className ?? 'mfsl-input'}
      type="text"
      maxLength={MAX_CUSTOM_NAME}
      autoComplete="off"
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId ?? undefined}
    />
  );
}
