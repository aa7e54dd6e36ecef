import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type CompilerInput = Parameters<typeof zodSerializerCompiler>[0];
type Serialize = (data: unknown) => string;

/**
 * The JSON Schema of what a response schema sends. Responses are encoded (zod's `encode`, as the
 * type provider does), so the wire format is the schema's input side. Null when the schema has a
 * part JSON Schema cannot describe (a transform, a custom check): then zod serializes it.
 */
export function wireJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  try {
    return z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'throw' }) as Record<
      string,
      unknown
    >;
  } catch {
    return null;
  }
}

/**
 * Fastify's serializer compiler for zod response schemas: a fast-json-stringify function compiled
 * from the schema's JSON Schema, where the type provider's would run zod over every answer and
 * then JSON.stringify it. Keys a schema does not list are left out, as zod's strip did. Compiled on
 * a route's first answer with that status, so start-up stays fast. A schema JSON Schema cannot
 * describe keeps the zod serializer. See docs/decisions/0064-compiled-serializers-and-hooks.md.
 */
export function compiledSerializerCompiler(input: CompilerInput): Serialize {
  let serialize: Serialize | undefined;
  return (data) => {
    if (!serialize) {
      const schema = input.schema as z.ZodType;
      const json = schema instanceof z.ZodType ? wireJsonSchema(schema) : null;
      serialize = json ? (fastJson(json) as Serialize) : zodSerializerCompiler(input);
    }
    return serialize(data);
  };
}
