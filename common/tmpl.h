/*
 * tmpl.h: the template language of share/templates/.
 *
 *   {{name}}            the value of name (dotted paths: {{a.b}}); strings
 *                       as they are, numbers as integers or %g, booleans
 *   {{name|strip}}      the same without the white space at either end, as
 *                       Python's str.strip() removes it
 *   {{#name}}..{{/name}} repeated for each element of an array (the element
 *                       is the context: {{.}} is the element itself), once
 *                       for an object (as context) or a true/non-empty value
 *   {{^name}}..{{/name}} rendered when name is missing, false, null, 0, ""
 *                       or an empty array
 *   {{! comment}}       dropped
 *
 * Names are looked up from the innermost context outward.  A missing name in
 * {{name}} is an error: a template never renders a silent blank.
 *
 * tmpl_render() returns a new string the caller frees, or NULL with *err set
 * to a message the caller frees.  open/close choose the delimiters ("{{" and
 * "}}" for templates, "{" and "}" for the one-line phrasings of libraries).
 */
#ifndef LG_TMPL_H
#define LG_TMPL_H

#include <cjson/cJSON.h>

char *tmpl_render(const char *tmpl, const cJSON *vars, char **err);
char *tmpl_render_delim(const char *tmpl, const cJSON *vars, const char *open,
    const char *close, char **err);

#endif
