/** Small parts shared by the recipe-list and meal-plan pages. */
import { useNavigate, useLocation } from '@storefront/remote-kit';
import { siteLinkClick } from 'shared-events';
import type { RecipePlanStorage } from '../../api/recipePlanStorage';
import { RECIPE_ID } from '../../state/recipePlans';

const storageIds = new WeakMap<RecipePlanStorage, number>();
let nextStorageId = 1;
/** The error's own (shopper-facing) message, or `fallback`. */
export const messageOf = (e: unknown, fallback: string): string => (e instanceof Error && e.message ? e.message : fallback);

/** A key that changes when the storage does (sign-in, sign-out): loads are keyed by it. */
export function storageKey(storage: RecipePlanStorage | null): string | null {
  if (!storage) return null;
  let id = storageIds.get(storage);
  if (!id) {
    id = nextStorageId++;
    storageIds.set(storage, id);
  }
  return `${storage.kind}:${id}`;
}

/**
 * The `?add=<recipe objectID>` hand-off of the recipe pages (README "URL contract"): the id when it is
 * one, and a function that removes the parameter from the URL (history replace, no new entry).
 */
export function useAddParam(): { addId: string | null; badAddId: boolean; clearAdd: () => void } {
  const { pathname, searchParams } = useLocation();
  const navigate = useNavigate();
  const raw = searchParams.get('add');
  const addId = raw !== null && RECIPE_ID.test(raw) ? raw : null;
  const clearAdd = () => {
    const next = new URLSearchParams(searchParams);
    next.delete('add');
    const qs = next.toString();
    navigate(`${pathname}${qs ? `?${qs}` : ''}${window.location.hash}`, { replace: true });
  };
  return { addId, badAddId: raw !== null && addId === null, clearAdd };
}

/** A link to /recipes that stays in the site. */
export function BrowseRecipesLink({ children = 'Browse recipes' }: { children?: string }) {
  const navigate = useNavigate();
  return <a className="mfsl-btn" href="/recipes" onClick={siteLinkClick('/recipes', navigate)}>{children}</a>;
}
