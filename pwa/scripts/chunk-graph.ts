/** What the build plugins read of a built chunk. */
export interface GraphChunk {
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
}

/** The chunks of a build's output bundle, by file name. */
export function chunksOf<T extends GraphChunk>(
  bundle: Record<string, { type: string }>,
): Map<string, T> {
  const chunks = new Map<string, T>();
  for (const item of Object.values(bundle))
    if (item.type === 'chunk') chunks.set((item as unknown as T).fileName, item as unknown as T);
  return chunks;
}

/** `start` and every chunk they import statically, transitively: what loading them downloads. */
export function staticClosure<T extends GraphChunk>(chunks: Map<string, T>, start: T[]): Set<T> {
  const seen = new Set<T>();
  const visit = (chunk: T | undefined) => {
    if (!chunk || seen.has(chunk)) return;
    seen.add(chunk);
    for (const imported of chunk.imports) visit(chunks.get(imported));
  };
  start.forEach(visit);
  return seen;
}

/** The entry chunk, and the chunk built from the module at `absolutePath`. */
export const entryChunk = <T extends GraphChunk>(chunks: Map<string, T>) =>
  [...chunks.values()].find((c) => c.isEntry);
export const chunkOfModule = <T extends GraphChunk>(chunks: Map<string, T>, absolutePath: string) =>
  [...chunks.values()].find((c) => c.facadeModuleId === absolutePath);
