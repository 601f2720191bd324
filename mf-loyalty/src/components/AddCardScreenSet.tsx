import { useCallback, useEffect, useRef, useState } from 'react';
import {
  addCardScreenUrl,
  readScreenSetMessage,
  SCREEN_SET_DEFAULT_HEIGHT,
  type ParentMessage,
} from '../state/screenSet';

/** What the parent answers the frame after its BFF call (`screenset/result`). */
export interface ScreenSetResult {
  ok: boolean;
  message: string;
}

/** Props of {@link AddCardScreenSet}. */
export interface AddCardScreenSetProps {
  /** The identity provider's origin (config `oidc.issuer`): the frame's address and the only origin listened to. */
  identityOrigin: string;
  /** The frame submitted a checked card number: make the BFF call; the answer goes back to the frame. */
  onSubmit: (cardNumber: string) => Promise<ScreenSetResult>;
  /** 'Cancel' or Escape in the frame (a soft close). */
  onCancel: () => void;
}

/**
 * The add-card registration screen set in an iframe (contract: state/screenSet.ts). On the frame's load
 * the parent sends `screenset/init`; the frame's `screenset/ready` sets its height, `screenset/submit`
 * runs `onSubmit` and answers `screenset/result`, `screenset/cancel` calls `onCancel`. Messages whose
 * origin is not `identityOrigin` or whose source is not this frame are ignored. The iframe is the
 * dialog's first focus (`data-autofocus`); the frame then focuses its field.
 */
export function AddCardScreenSet({ identityOrigin, onSubmit, onCancel }: AddCardScreenSetProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(SCREEN_SET_DEFAULT_HEIGHT);
  const [ready, setReady] = useState(false);
  const latest = useRef({ onSubmit, onCancel });
  useEffect(() => { latest.current = { onSubmit, onCancel }; });

  const post = useCallback((message: ParentMessage) => {
    frame.current?.contentWindow?.postMessage(message, identityOrigin);
  }, [identityOrigin]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const message = readScreenSetMessage(event, identityOrigin);
      if (!message) return;
      if (message.type === 'screenset/ready') {
        setHeight(message.height || SCREEN_SET_DEFAULT_HEIGHT);
        setReady(true);
      } else if (message.type === 'screenset/cancel') {
        latest.current.onCancel();
      } else {
        void latest.current.onSubmit(message.cardNumber).then((result) => post({ type: 'screenset/result', ...result }));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [identityOrigin, post]);

  const init = () => post({ type: 'screenset/init', screenSet: 'add-card', focus: document.activeElement === frame.current });

  return (
    <div className="mfl-screenset">
      {!ready && <p className="mfl-hint" role="status">Loading the card form…</p>}
      <iframe
        ref={frame}
        data-autofocus
        className="mfl-screenset__frame"
        title="Scene+ card number form"
        src={addCardScreenUrl(identityOrigin)}
        sandbox="allow-scripts allow-same-origin allow-forms"
        referrerPolicy="no-referrer"
        style={{ height }}
        onLoad={init}
      />
    </div>
  );
}
