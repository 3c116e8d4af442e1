/**
 * Repair almost-JSON model output (response-healing plugin, spec 2.5): strips Markdown code
 * fences and text around the JSON value, removes trailing commas, quotes bare keys, turns
 * single-quoted strings into double-quoted ones, and closes an unterminated string and any
 * unclosed brackets. Returns the repaired JSON text, or undefined when it still does not parse.
 *
 * @example
 * healJson('```json\n{"a": 1,}\n```'); // '{"a":1}'
 */
export function healJson(text: string): string | undefined {
  const direct = tryParse(text.trim());
  if (direct !== undefined) return direct;
  let s = text.trim();
  const fence = /```(?:json|JSON)?\s*\n?([\s\S]*?)(?:```|$)/.exec(s);
  if (fence?.[1] !== undefined) s = fence[1].trim();
  const fenced = tryParse(s);
  if (fenced !== undefined) return fenced;
  const start = s.search(/[[{]/);
  if (start < 0) return undefined;
  s = s.slice(start);
  s = closeStructure(normaliseTokens(s));
  return tryParse(s);
}

function tryParse(s: string): string | undefined {
  try {
    return JSON.stringify(JSON.parse(s));
  } catch {
    return undefined;
  }
}

/** Single -> double quoted strings, bare keys quoted, outside existing double-quoted strings. */
function normaliseTokens(s: string): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    const ch = s[i] as string;
    if (ch === '"' || ch === "'") {
      let j = i + 1;
      let body = '';
      while (j < s.length && s[j] !== ch) {
        if (s[j] === '\\' && j + 1 < s.length) {
          body += s.slice(j, j + 2);
          j += 2;
          continue;
        }
        body += ch === "'" && s[j] === '"' ? '\\"' : s[j];
        j++;
      }
      out += `"${body}${j < s.length ? '"' : ''}`;
      i = j + 1;
      continue;
    }
    const bare = /^([A-Za-z_][\w-]*)(\s*:)/.exec(s.slice(i));
    if (bare && /[{,]\s*$/.test(out)) {
      out += `"${bare[1]}"${bare[2]}`;
      i += bare[0].length;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

/** Drop trailing commas and close what is still open, outside strings. */
function closeStructure(s: string): string {
  const stack: string[] = [];
  let out = '';
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string;
    if (inString) {
      out += ch;
      if (ch === '\\') {
        out += s[i + 1] ?? '';
        i++;
      } else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') stack.push('}');
    else if (ch === '[') stack.push(']');
    else if (ch === '}' || ch === ']') {
      out = out.replace(/,\s*$/, '');
      if (stack[stack.length - 1] === ch) stack.pop();
      else continue;
      out += ch;
      // Text after the outermost value closes (prose after the JSON) is dropped.
      if (stack.length === 0) return out;
      continue;
    }
    out += ch;
  }
  if (inString) out += '"';
  // A key cut before its colon (`{"a":1,"b`) is dropped: no value was written for it.
  if (stack[stack.length - 1] === '}') {
    const dangling = /([{,])\s*"(?:[^"\\]|\\.)*"\s*$/.exec(out);
    if (dangling) out = out.slice(0, dangling.index + (dangling[1] === '{' ? 1 : 0));
  }
  out = out.replace(/,\s*$/, '').replace(/:\s*$/, ': null');
  while (stack.length > 0) out += stack.pop();
  return out;
}
