// Checks of an edited setting before it is sent, from the JSON Schema the server checks it with
// (generated from core/settings/keys.go; the server checks again). Each answer is a console
// translation key, or null when the document is fine. The keywords and their meanings are those
// of core/settings/schema.go: a failing "format": "uri" is a refused link, a "maximum" is what the
// server can honour, "x-notAbove" names a sibling the value may not exceed.
import { settingSchemas } from './settings-schema.generated';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  'x-notAbove'?: string;
  'x-perLanguage'?: boolean;
};

type Doc = Record<string, unknown>;

const isObj = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

function hasType(t: string, v: unknown): boolean {
  switch (t) {
    case 'object':
      return isObj(v);
    case 'array':
      return Array.isArray(v);
    case 'null':
      return v === null;
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    default:
      return typeof v === t;
  }
}

/** typeError names what the value should have been. */
function typeError(t: string, inList: boolean): string {
  if (t === 'boolean') return 'settings.errors.boolean';
  if (t === 'string') return inList ? 'settings.errors.textList' : 'settings.errors.text';
  return 'settings.errors.shape';
}

/** check answers the first violation of s by v, as a translation key. */
function check(s: Schema, v: unknown, inList = false): string | null {
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  if (types.length && !types.some((t) => hasType(t, v))) return typeError(types[0], inList);
  if (isObj(v)) {
    if ((s.required ?? []).some((k) => !(k in v))) return 'settings.errors.shape';
    for (const [k, sub] of Object.entries(s.properties ?? {})) {
      if (!(k in v)) continue;
      const bad = check(sub, v[k]);
      if (bad) return bad;
      const other = sub['x-notAbove'];
      if (other && typeof v[other] === 'number' && (v[k] as number) > (v[other] as number)) return 'settings.errors.notAbove';
    }
  } else if (Array.isArray(v)) {
    for (const item of v) {
      const bad = s.items ? check(s.items, item, true) : null;
      if (bad) return bad;
    }
  } else if (typeof v === 'number') {
    const low = (s.minimum !== undefined && v < s.minimum) || (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum);
    const step = s.multipleOf !== undefined && Math.abs(v / s.multipleOf - Math.round(v / s.multipleOf)) > 1e-6;
    if (low || step) return s.multipleOf !== undefined ? 'settings.errors.amount' : 'settings.errors.positive';
    if (s.maximum !== undefined && v > s.maximum) return 'settings.errors.notHonoured';
  } else if (typeof v === 'string') {
    const n = Array.from(v).length;
    if ((s.minLength !== undefined && n < s.minLength) || (s.maxLength !== undefined && n > s.maxLength)) return 'settings.errors.length';
    if (s.pattern !== undefined && !new RegExp(s.pattern).test(v))
      return s.format === 'uri' ? 'settings.errors.url' : 'settings.errors.format';
  }
  return null;
}

export function parseSetting(text: string): { value?: unknown; error?: string } {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { error: 'settings.errors.json' };
  }
}

/**
 * validateSetting checks a setting's document against its schema: for a text (kept per
 * language), one language's document. A setting without a schema is left to the server.
 */
export function validateSetting(name: string, next: unknown): string | null {
  const schema = settingSchemas[name] as Schema | undefined;
  if (!schema) return null;
  const one = schema['x-perLanguage'] ? schema.properties?.th : schema;
  return one ? check(one, next) : null;
}

/** textSettings have member-facing text worth a preview in every language. */
export const textSettings = ['info', 'contact', 'conditions', 'agreements', 'notice', 'withdraw'] as const;
