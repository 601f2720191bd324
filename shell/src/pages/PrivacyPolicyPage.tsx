import { useEffect, useState } from 'react';

/** One section of the privacy policy: a heading and its paragraphs (plain text). */
export interface PolicySection {
  heading: string;
  paragraphs: string[];
}

/** The managed content `privacy-policy` (services/seed/data/content/privacy-policy.json). */
export interface PrivacyPolicyContent {
  title: string;
  /** 'YYYY-MM-DD' of the last change. */
  updated: string;
  sections: PolicySection[];
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/**
 * Validates the content's JSON: sections without a text heading are dropped, paragraphs must be strings.
 * @throws when the body is not a policy (no sections)
 */
export function parsePrivacyPolicy(data: unknown): PrivacyPolicyContent {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (!Array.isArray(d.sections)) throw new Error('privacy-policy: no sections');
  const sections = d.sections
    .filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null && typeof (s as Record<string, unknown>).heading === 'string')
    .map((s) => ({ heading: s.heading as string, paragraphs: isStringArray(s.paragraphs) ? s.paragraphs : [] }));
  if (sections.length === 0) throw new Error('privacy-policy: no sections');
  return { title: typeof d.title === 'string' ? d.title : 'Privacy Policy', updated: typeof d.updated === 'string' ? d.updated : '', sections };
}

/**
 * GETs the BFF's content route `<apiBase>/content/privacy-policy` (envelope `{ status, data }`).
 * @throws on a network error, a non-2xx answer, an error envelope or content that is not a policy
 */
export async function fetchPrivacyPolicy(apiBase: string, signal?: AbortSignal): Promise<PrivacyPolicyContent> {
  const url = `${apiBase.replace(/\/+$/, '')}/content/privacy-policy`;
  const res = await fetch(url, { headers: { accept: 'application/json' }, signal });
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  const body = (await res.json()) as { status?: unknown; data?: unknown };
  if (body.status !== 'success') throw new Error(`GET ${url}: error envelope`);
  return parsePrivacyPolicy(body.data);
}

/** 'YYYY-MM-DD' as 'November 23, 2026' (the date's own day whatever the time zone). */
function longDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toLocaleDateString('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Props of {@link PrivacyPolicyPage}. */
export interface PrivacyPolicyPageProps {
  /** Base path of the BFF (`config.apiBase`, default '/api'). */
  apiBase?: string;
}

type State = { state: 'loading' } | { state: 'ready'; policy: PrivacyPolicyContent } | { state: 'failed' };

/**
 * `/privacy-policy` (spec §2 Routes): the `<h1>` at once, then the sections of the managed content
 * `privacy-policy` from the BFF, rendered as text (no HTML from the content). Loading is a polite
 * status; a failure is an alert with a retry button.
 */
export function PrivacyPolicyPage({ apiBase = '/api' }: PrivacyPolicyPageProps) {
  const [state, setState] = useState<State>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    document.title = 'Privacy Policy – Harbour Market';
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    setState({ state: 'loading' });
    fetchPrivacyPolicy(apiBase, controller.signal).then(
      (policy) => { if (!controller.signal.aborted) setState({ state: 'ready', policy }); },
      () => { if (!controller.signal.aborted) setState({ state: 'failed' }); },
    );
    return () => controller.abort();
  }, [apiBase, attempt]);

  return (
    <article className="shell-page shell-policy" aria-labelledby="shell-policy-heading">
      <h1 id="shell-policy-heading" className="shell-page__title">Privacy Policy</h1>
      {state.state === 'loading' && <p role="status" className="shell-policy__status">Loading the privacy policy…</p>}
      {state.state === 'failed' && (
        <div role="alert" className="shell-policy__status">
          <p>The privacy policy could not be loaded right now.</p>
          <p><button type="button" className="shell-button" onClick={() => setAttempt((n) => n + 1)}>Try again</button></p>
        </div>
      )}
      {state.state === 'ready' && (
        <>
          {state.policy.updated && <p className="shell-policy__updated">{`Last updated ${longDate(state.policy.updated)}`}</p>}
          {state.policy.sections.map((s, i) => (
            <section key={`${i}-${s.heading}`} className="shell-policy__section" aria-labelledby={`shell-policy-s${i}`}>
              <h2 id={`shell-policy-s${i}`}>{s.heading}</h2>
              {s.paragraphs.map((p, j) => <p key={j}>{p}</p>)}
            </section>
          ))}
        </>
      )}
    </article>
  );
}
