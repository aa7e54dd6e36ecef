import type FastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { createRequire } from 'node:module';
import { z } from 'zod';

const requireCjs = createRequire(import.meta.url);
let fastJsonBuild: typeof FastJson | undefined;

/**
 * fast-json-stringify's compiler, loaded at its first use: loading it (and the Ajv it checks
 * schemas with) took 30 ms of every start, before any answer needed it.
 */
export function fastJson(schema: Record<string, unknown>): (data: unknown) => string {
  fastJsonBuild ??= requireCjs('fast-json-stringify') as typeof FastJson;
  return fastJsonBuild(schema as unknown as Parameters<typeof FastJson>[0]) as (
    data: unknown,
  ) => string;
}

type CompilerInput = Parameters<typeof zodSerializerCompiler>[0];
type Serialize = (data: unknown) => string;

/**
 * The JSON Schema of what a response schema sends. Responses are encoded (zod's `encode`, as the
 * type provider does), so the wire format is the schema's input side. Null when the schema has a
 * part JSON Schema cannot describe (a transform, a custom check): then zod serializes it.
 */
export function wireJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  try {
    return z.toJSONSchema(schema, {
      io: 'input',
      target: 'draft-7',
      unrepresentable: 'throw',
    }) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * Fastify's serializer compiler for zod response schemas: a fast-json-stringify function compiled
 * from the schema's JSON Schema, where the type provider's would run zod over every answer and
 * then JSON.stringify it. Keys a schema does not list are left out, as zod's strip did. A route's
 * first answer with a status goes out through zod's serializer (the same JSON), and the compiled
 * one is built just after it, off that request's path: a compile took 10-30 ms, and a server's
 * very first answer waited for it. A schema JSON Schema cannot describe keeps the zod serializer.
 * See docs/decisions/0064-compiled-serializers-and-hooks.md.
 */
export function compiledSerializerCompiler(input: CompilerInput): Serialize {
  let serialize: Serialize | undefined;
  let first: Serialize | undefined;
  return (data) => {
    if (serialize) return serialize(data);
    if (!first) {
      first = zodSerializerCompiler(input);
      setImmediate(() => {
        const schema = input.schema as z.ZodType;
        const json = schema instanceof z.ZodType ? wireJsonSchema(schema) : null;
        serialize = json ? fastJson(json) : first;
      });
    }
    return first(data);
  };
}
