/**
 * The session requests of the bus the shell answers (spec §4: a remote asks, the shell owns the session),
 * and the toast text when one cannot be answered (spec §8).
 */
import type { EventOf } from 'shared-events';

/** The request events, in the order the session manager subscribes to them. */
export const SESSION_REQUESTS = ['session/sign-in-requested', 'session/sign-out-requested', 'session/refresh-requested'] as const;

/** One session request event. */
export type SessionRequest = EventOf<(typeof SESSION_REQUESTS)[number]>;

/** Spec §8 "Exception during a call": the toast when a session request cannot be answered. */
export const CALL_FAILED_MESSAGE = 'Something went wrong. please try later.';
