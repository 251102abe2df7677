// A rules option's words in the page's language (the rules help's catalog, i18n/<lang>/rules.json:
// the create form and the rules page load it): its name, a value, its help.

import { t, has, num } from "./i18n.js";

/** `value` of `option` (as GET /variants lists it) in words: none, yes/no, a choice's label, a
 * number in the language's digits. */
export function valueText(option, value) {
  if (value === null) return t("option_none");
  if (option.type === "bool") return t(value ? "option_yes" : "option_no");
  if (option.type === "choice") return has(`value_${option.name}_${value}`) ? t(`value_${option.name}_${value}`) : value.replaceAll("_", " ");
  return num(value);
}

/** The option's help, then the help of its `value` when a choice's value has its own. */
export function helpText(option, value) {
  const valueHelp = option.type === "choice" && value !== null ? option.value_help[String(value)] : null;
  return `${t(option.help)}${valueHelp && has(valueHelp) ? ` ${t(valueHelp)}` : ""}`;
}
