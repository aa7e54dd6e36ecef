// The one @babel/core call scripts/vite-lingui-macro.ts makes (the package ships no types).
declare module '@babel/core' {
  export function transformAsync(
    code: string,
    options: Record<string, unknown>,
  ): Promise<{ code?: string | null; map?: unknown } | null>;
}
