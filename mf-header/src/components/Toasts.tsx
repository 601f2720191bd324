import { lazyPart, PartBoundary } from '@storefront/remote-kit';
import { useToasts } from '../hooks/toasts';
import { useHeaderRemote } from '../hooks/useHeaderRemote';

/** The toasts themselves: their own chunk, fetched when the first toast arrives (most pages show none). */
export const toastStack = lazyPart(() => import(/* webpackChunkName: "mfh-toasts" */ './ToastStack').then((m) => m.ToastStack));

/**
 * The header's toast stack (spec §2 Header "Toasts for messages"; spec §8 header toasts auto-close
 * after 7000 ms). Listens to `toast/show` on the bus from the first paint ({@link useToasts}).
 *
 * The stack is an always-present polite live region (`role="status"`, name 'Notifications'); the
 * toasts in it ({@link ./ToastStack}: close button, auto-close, pause on hover or focus) are an
 * on-demand chunk loaded with the first toast, so a page without toasts never downloads them. Nothing
 * is announced while that chunk loads; if it cannot be loaded, the messages show as plain text.
 */
export function Toasts() {
  const { bus } = useHeaderRemote();
  const { toasts, dismiss } = useToasts(bus);
  return (
    <div className="mfh-toasts" role="status" aria-live="polite" aria-label="Notifications">
      {toasts.length > 0 && (
        <PartBoundary label="toasts" loading={false} failed={toasts.map((t) => <p key={t.key}>{t.message}</p>)}>
          <toastStack.Part toasts={toasts} onClose={dismiss} />
        </PartBoundary>
      )}
    </div>
  );
}
