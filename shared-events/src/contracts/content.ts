/**
 * Managed content (BFF `GET /api/content/:name`, public; data = services/seed/data/content/<name>.json)
 * and the alert banner (`POST /api/bannerAlert`; spec §3 Alert, §7). Texts are plain text: render them
 * as text; links still go through the remote-kit URL checks.
 */
import * as z from 'zod/mini';

/** Names `GET /content/:name` serves (else 404 CONTENT_NOT_FOUND). */
export const CONTENT_NAMES = [
  'menu', 'footer', 'popular-searches', 'guides', 'privacy-policy', 'legal-terms-of-use', 'legal-accessibility',
  'customer-service-contact-us', 'customer-service-help', 'customer-service-live-chat', 'about-our-story',
  'about-co-op-stores', 'about-community', 'about-careers',
] as const;
export type ContentName = (typeof CONTENT_NAMES)[number];
export const contentNameSchema = z.enum(CONTENT_NAMES);

/** Spec §3 Menu item: `label` or `title`, `link`, `target`, nested `dropdown` / `sameLevelList`, `isDropdown`, `tags`. */
export interface MenuItemContent {
  label?: string;
  title?: string;
  link?: string | null;
  target?: string | null;
  dropdown?: MenuItemContent[] | null;
  sameLevelList?: MenuItemContent[] | null;
  isDropdown?: boolean;
  tags?: string[] | null;
}
export const menuItemSchema: z.ZodMiniType<MenuItemContent> = z.object({
  label: z.optional(z.string()),
  title: z.optional(z.string()),
  link: z.optional(z.nullable(z.string())),
  target: z.optional(z.nullable(z.string())),
  get dropdown() { return z.optional(z.nullable(z.array(menuItemSchema))); },
  get sameLevelList() { return z.optional(z.nullable(z.array(menuItemSchema))); },
  isDropdown: z.optional(z.boolean()),
  tags: z.optional(z.nullable(z.array(z.string()))),
});
/** `content/menu`. */
export const menuContentSchema = z.object({ items: z.array(menuItemSchema) });
export type MenuContent = z.infer<typeof menuContentSchema>;

/** `content/footer`: link groups and the small print. */
export const footerContentSchema = z.object({
  groups: z.array(z.object({
    heading: z.string(),
    links: z.array(z.object({ label: z.string(), link: z.string(), target: z.optional(z.string()) })),
  })),
  legal: z.optional(z.nullable(z.string())),
});
export type FooterContent = z.infer<typeof footerContentSchema>;

/** `content/popular-searches` (spec §5: used only when enabled, non-empty and today within the dates). */
export const popularSearchContentSchema = z.object({
  enablePopularSearch: z.optional(z.boolean()),
  startDate: z.optional(z.string()),
  endDate: z.optional(z.string()),
  items: z.optional(z.array(z.object({ search: z.string() }))),
});
export type PopularSearchContent = z.infer<typeof popularSearchContentSchema>;

/** One tour step: a CSS selector, plain texts; `hideOnMobile` skips it under 1024 px. */
export const guideStepSchema = z.object({
  target: z.string(),
  title: z.optional(z.string()),
  content: z.string(),
  hideOnMobile: z.optional(z.boolean()),
});
export type GuideStep = z.infer<typeof guideStepSchema>;
/** `content/guides` (spec §3 Guide text content). */
export const guideContentSchema = z.object({
  buttons: z.object({ skip: z.string(), prev: z.string(), next: z.string(), start: z.string(), close: z.string() }),
  guides: z.array(z.object({ page: z.string(), isActive: z.boolean(), steps: z.array(guideStepSchema) })),
});
export type GuideContent = z.infer<typeof guideContentSchema>;

/** The shell's content pages (`privacy-policy` …): title, optional `updated` (YYYY-MM-DD), sections. */
export const pageContentSchema = z.object({
  title: z.string(),
  updated: z.optional(z.string()),
  sections: z.array(z.object({
    heading: z.string(),
    paragraphs: z.array(z.string()),
    links: z.optional(z.array(z.object({ label: z.string(), href: z.string() }))),
  })),
});
export type PageContent = z.infer<typeof pageContentSchema>;

/** `POST /bannerAlert` body: a 2-letter province code (absent → ON). */
export const bannerAlertBodySchema = z.strictObject({ province: z.optional(z.string().check(z.regex(/^[A-Za-z]{2}$/))) });
/** Spec §3 Alert; `ctaUrl` / `ctaLabel` null when there is no call-to-action. */
export const alertSchema = z.object({
  descriptionText: z.string(),
  ctaUrl: z.nullable(z.string()),
  ctaLabel: z.nullable(z.string()),
});
export type Alert = z.infer<typeof alertSchema>;
/** `POST /bannerAlert` data: the province's current alert, or []. */
export const bannerAlertResultSchema = z.object({ getAlert: z.array(alertSchema) });
