// The page's words in the player's language: the "page" catalog of noahrules/locales, served as
// JSON by GET /api/languages/{language}. English is the source: a message the catalog lacks is
// shown as written. Placeholders are named, {name}, so that a translation may reorder them.

/** The languages of the page, each in its own words (the selector's options). */
export const LANGUAGES = { en: "English", ja: "日本語", de: "Deutsch", ru: "Русский" };

/** Each language's plural rule: the index of the form for a count (as the catalogs' headers
 * say: Japanese one form, English and German two, Russian three). */
export const PLURAL_RULES = {
  en: (n) => (n === 1 ? 0 : 1),
  de: (n) => (n === 1 ? 0 : 1),
  ja: () => 0,
  ru: (n) => (n % 10 === 1 && n % 100 !== 11 ? 0
    : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2),
};

const KEY = "noahrules-language";
const DEFAULT = "en";
let current = DEFAULT;
let messages = {};
let plurals = {};

/** The language in use. */
export function language() {
  return current;
}

function known(lang) {
  return typeof lang === "string" && Object.hasOwn(LANGUAGES, lang) ? lang : null;
}

function remembered() {
  try {
    return known(localStorage.getItem(KEY));
  } catch {
    return null;
  }
}

/** Remember ``lang`` as this browser's choice. */
export function remember(lang) {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // a browser that keeps nothing: the choice lasts this page
  }
}

/** The page's language: ``?lang=`` in the address (remembered), else the remembered choice,
 * else the server's from the browser's Accept-Language (the page's meta), else English. */
export function chooseLanguage() {
  const asked = known(new URLSearchParams(location.search).get("lang"));
  if (asked) {
    remember(asked);
    return asked;
  }
  const meta = document.querySelector('meta[name="noahrules-language"]');
  return remembered() || known(meta && meta.content) || DEFAULT;
}

/** Load the catalog of ``lang`` and use it (English, or a catalog that cannot be loaded: the
 * messages as written). */
export async function loadLanguage(lang) {
  current = known(lang) || DEFAULT;
  messages = {};
  plurals = {};
  document.documentElement.lang = current;
  if (current === DEFAULT) return;
  const base = document.querySelector('meta[name="noahrules-base"]').content;
  try {
    const response = await fetch(`${base}/api/languages/${current}`);
    if (!response.ok) throw new Error(`status ${response.status}`);
    const catalog = await response.json();
    messages = catalog.messages || {};
    plurals = catalog.plurals || {};
  } catch (error) {
    console.warn(`the page's words in ${current} could not be loaded`, error);
  }
}

function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole);
}

/** ``message`` in the page's language, its ``{name}`` placeholders filled from ``values``. */
export function _(message, values) {
  const text = Object.hasOwn(messages, message) && messages[message] ? messages[message] : message;
  return fill(text, values);
}

/** The form of ``one``/``many`` for the count ``n`` in the page's language, ``{count}`` and the
 * other placeholders filled. */
export function ngettext(one, many, n, values) {
  const forms = Object.hasOwn(plurals, one) ? plurals[one] : null;
  const rule = PLURAL_RULES[current] || PLURAL_RULES.en;
  let text;
  if (forms && forms.length) text = forms[Math.min(rule(n), forms.length - 1)] || (n === 1 ? one : many);
  else text = n === 1 ? one : many;
  return fill(text, { count: n, ...values });
}
