/**
 * The Mini App page's own words (locales/*.ftl, `webapp-*`), sent to it in the person's language
 * with its session. What the checks say (an invalid address, a minimum) are the chat's own words.
 */
export const WEBAPP_STRINGS = ["webapp-title"] as const;
