// zod -> JSON Schema 2020-12 (OpenAPI 3.1's dialect) for the OpenAPI document (docs/decisions/0055).
// Requests are described by their input side (query strings are text: a number is a string with the
// pattern the server checks), answers by their output side.
import * as z from 'zod/mini';
import { FIELD_DESCRIPTIONS, COMPONENT_DESCRIPTIONS, PARAMETER_DESCRIPTIONS } from './texts.ts';

export type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  description: string;
  schema: JsonSchema;
  example?: string;
}

type Io = 'input' | 'output';

/** Tidies what zod writes: no dialect keys inside the document, no Number.MAX_SAFE_INTEGER bounds. */
function override(io: Io) {
  return (ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: Record<string, unknown> }) => {
    const json = ctx.jsonSchema;
    if (json.minimum === Number.MIN_SAFE_INTEGER) delete json.minimum;
    if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
    // Answers may gain fields (an additive change): a client must ignore the ones it does not know.
    if (io === 'output' && json.additionalProperties === false) delete json.additionalProperties;
    // A default of a text parameter is written as the text a client would send.
    const def = ctx.zodSchema._zod.def;
    if (io === 'input' && def.type === 'default' && json.type === 'string') json.default = String((def as { defaultValue: unknown }).defaultValue);
  };
}

function strip(schema: Record<string, unknown>): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest as JsonSchema;
}

/** One schema, inlined. */
function jsonSchemaOf(schema: z.core.$ZodType, io: Io): JsonSchema {
  return strip(z.toJSONSchema(schema, { io, unrepresentable: 'any', override: override(io) }) as Record<string, unknown>);
}

/** The components of a registry, each named by its id, referring to each other by `#/components/schemas/{id}`, with their words. */
export function componentSchemas(registry: z.core.$ZodRegistry<{ id: string }>): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(registry, {
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
    override: override('output'),
  });
  const out: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const component = strip(schema as Record<string, unknown>);
    const description = COMPONENT_DESCRIPTIONS[id];
    const fields = FIELD_DESCRIPTIONS[id] ?? {};
    for (const [name, property] of Object.entries(component.properties ?? {})) {
      const words = fields[name] ?? FIELD_DESCRIPTIONS.FinderListing?.[name];
      if (words) property.description = words;
    }
    out[id] = description ? { description, ...component } : component;
  }
  return out;
}

const rangeOf = (output: JsonSchema | undefined) => {
  if (!output) return '';
  const { minimum, maximum } = output as { minimum?: number; maximum?: number };
  return minimum !== undefined && maximum !== undefined ? ` From ${minimum} to ${maximum}.` : '';
};

/** An object schema's properties as query or path parameters: input side, with their words and their range. */
export function parametersOf(schema: z.core.$ZodType, where: 'query' | 'path', examples: Record<string, string> = {}): Parameter[] {
  const input = jsonSchemaOf(schema, 'input');
  const output = jsonSchemaOf(schema, 'output');
  const required = new Set(input.required ?? []);
  return Object.entries(input.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    description: `${PARAMETER_DESCRIPTIONS[name] ?? ''}${property.type === 'string' && property.pattern ? rangeOf(output.properties?.[name]) : ''}`.trim(),
    schema: property,
    ...(examples[name] ? { example: examples[name] } : {}),
  }));
}
