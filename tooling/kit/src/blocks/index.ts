/**
 * `@storefront/remote-kit/blocks` (bundled into each user, not in the shared root entry): the small
 * states every page draws — loading, failed load, empty, signed out.
 */
export { Skeleton } from './Skeleton';
export type { SkeletonProps } from './Skeleton';
export { LoadError } from './LoadError';
export type { LoadErrorProps } from './LoadError';
export { EmptyState } from './EmptyState';
export type { EmptyStateProps } from './EmptyState';
export { SignInPrompt } from './SignInPrompt';
export type { SignInPromptProps } from './SignInPrompt';
