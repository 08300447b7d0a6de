import { str } from './escape.js';
import { lines, type Model } from './model.js';
import { feature } from './web-fields.js';

/** The console feature's calls: one file per call, query options and mutations, the tree's and the detail's. */

export function webApiFiles(m: Model): Record<string, string> {
  const C = m.className;
  const c = m.camel;
  const dir = `${feature(m)}/api`;
  const key = `${c}Key`;
  return {
    [`${dir}/list-${m.business}.ts`]: lines(
      `import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';`,
      `import { ${c}Schema, pageSchema, type ${C}ListParams } from '@sbuilding/shared';`,
      `import { post } from '@/lib/request';`,
      '',
      `export function list${C}(filter: ${C}ListParams) {`,
      `  return post('${m.baseUrl}/getList', filter, { schema: pageSchema(${c}Schema) });`,
      '}',
      '',
      '/** Every query of this feature starts with this key; writes invalidate it. */',
      `export const ${key} = [${str(m.business)}] as const;`,
      '',
      `export function ${c}QueryOptions(filter: ${C}ListParams) {`,
      '  return queryOptions({',
      `    queryKey: [...${key}, 'list', filter],`,
      `    queryFn: () => list${C}(filter),`,
      '    placeholderData: keepPreviousData,',
      '  });',
      '}',
      '',
      `export function use${C}List(filter: ${C}ListParams) {`,
      `  return useQuery(${c}QueryOptions(filter));`,
      '}',
      '',
    ),
    [`${dir}/create-${m.business}.ts`]: lines(
      `import { useMutation, useQueryClient } from '@tanstack/react-query';`,
      `import { ${answerSchema(m)}, type ${C}CreateBody } from '@sbuilding/shared';`,
      `import { put } from '@/lib/request';`,
      `import { ${key} } from './list-${m.business}';`,
      '',
      `export function create${C}(body: ${C}CreateBody) {`,
      `  return put('${m.baseUrl}/create', body, { schema: ${answerSchema(m)} });`,
      '}',
      '',
      `export function useCreate${C}() {`,
      '  const queryClient = useQueryClient();',
      '  return useMutation({',
      `    mutationFn: create${C},`,
      `    onSettled: () => queryClient.invalidateQueries({ queryKey: ${key} }),`,
      '  });',
      '}',
      '',
    ),
    [`${dir}/save-${m.business}.ts`]: lines(
      `import { useMutation, useQueryClient } from '@tanstack/react-query';`,
      `import { ${answerSchema(m)}, type ${C}SaveBody } from '@sbuilding/shared';`,
      `import { post } from '@/lib/request';`,
      `import { ${key} } from './list-${m.business}';`,
      '',
      `export function save${C}({ id, body }: { id: number; body: ${C}SaveBody }) {`,
      `  return post(\`${m.baseUrl}/save/\${id}\`, body, { schema: ${answerSchema(m)} });`,
      '}',
      '',
      `export function useSave${C}() {`,
      '  const queryClient = useQueryClient();',
      '  return useMutation({',
      `    mutationFn: save${C},`,
      `    onSettled: () => queryClient.invalidateQueries({ queryKey: ${key} }),`,
      '  });',
      '}',
      '',
    ),
    [`${dir}/delete-${m.business}.ts`]: lines(
      `import { useMutation, useQueryClient } from '@tanstack/react-query';`,
      `import { del } from '@/lib/request';`,
      `import { ${key} } from './list-${m.business}';`,
      '',
      `export function delete${C}(id: number) {`,
      `  return del<unknown>(\`${m.baseUrl}/del/\${id}\`);`,
      '}',
      '',
      `export function useDelete${C}() {`,
      '  const queryClient = useQueryClient();',
      '  return useMutation({',
      `    mutationFn: delete${C},`,
      `    onSettled: () => queryClient.invalidateQueries({ queryKey: ${key} }),`,
      '  });',
      '}',
      '',
    ),
    ...(m.treeParent ? { [`${dir}/tree-${m.business}.ts`]: treeApiFile(m) } : {}),
    ...(m.child ? { [`${dir}/get-${m.business}.ts`]: detailApiFile(m) } : {}),
    [`${dir}/export-${m.business}.ts`]: lines(
      `import { exportResultSchema, type ${C}ListParams } from '@sbuilding/shared';`,
      `import { getBlob, post, toQueryString } from '@/lib/request';`,
      `import { saveBlob } from '@/lib/save-blob';`,
      '',
      '/** Writes the filtered rows to an .xlsx on the server, then downloads it (GET /common/download). */',
      `export async function export${C}(filter: ${C}ListParams): Promise<void> {`,
      `  const { fileName } = await post('${m.baseUrl}/export', filter, { schema: exportResultSchema });`,
      `  const blob = await getBlob(\`/common/download?\${toQueryString({ fileName, delete: true })}\`);`,
      '  saveBlob(blob, fileName);',
      '}',
      '',
    ),
  };
}

/** What create, save and the detail answer: a master's with its child rows. */
const answerSchema = (m: Model) => (m.child ? `${m.camel}DetailSchema` : `${m.camel}Schema`);

/** A tree's call: every row of the tenant (filtered), and the helpers that make it a tree. */
function treeApiFile(m: Model): string {
  const C = m.className;
  const c = m.camel;
  const parent = m.treeParent?.name ?? 'parentId';
  return lines(
    `import { keepPreviousData, useQuery } from '@tanstack/react-query';`,
    `import { z } from 'zod';`,
    `import { ${c}Schema, type ${C}, type ${C}TreeParams } from '@sbuilding/shared';`,
    `import { post } from '@/lib/request';`,
    `import { ${c}Key } from './list-${m.business}';`,
    '',
    `export function tree${C}(filter: ${C}TreeParams) {`,
    `  return post('${m.baseUrl}/tree', filter, { schema: z.array(${c}Schema) });`,
    '}',
    '',
    `export function use${C}Tree(filter: ${C}TreeParams) {`,
    '  return useQuery({',
    `    queryKey: [...${c}Key, 'tree', filter],`,
    `    queryFn: () => tree${C}(filter),`,
    '    placeholderData: keepPreviousData,',
    '  });',
    '}',
    '',
    `export type ${C}Node = ${C} & { children?: ${C}Node[] };`,
    '',
    '/** Rows into a tree by their parent; a row whose parent is not among them (a filtered list) is a root. */',
    `export function toTree(rows: readonly ${C}[]): ${C}Node[] {`,
    `  const nodes = new Map(rows.map((row): [number, ${C}Node] => [row.id, { ...row }]));`,
    `  const roots: ${C}Node[] = [];`,
    '  for (const node of nodes.values()) {',
    `    const parent = node.${parent} === null ? undefined : nodes.get(node.${parent});`,
    '    if (parent) (parent.children ??= []).push(node);',
    '    else roots.push(node);',
    '  }',
    '  return roots;',
    '}',
    '',
    "/** A row and its descendants: none of them can become the row's parent. */",
    `export function subtreeIds(rows: readonly ${C}[], id: number): Set<number> {`,
    '  const ids = new Set([id]);',
    '  for (let grew = true; grew; ) {',
    '    grew = false;',
    '    for (const row of rows)',
    `      if (row.${parent} !== null && ids.has(row.${parent}) && !ids.has(row.id)) {`,
    '        ids.add(row.id);',
    '        grew = true;',
    '      }',
    '  }',
    '  return ids;',
    '}',
    '',
  );
}

/** A master's detail: the row with its child rows (read when the form opens on it). */
function detailApiFile(m: Model): string {
  const C = m.className;
  const c = m.camel;
  return lines(
    `import { queryOptions } from '@tanstack/react-query';`,
    `import { ${c}DetailSchema } from '@sbuilding/shared';`,
    `import { get } from '@/lib/request';`,
    `import { ${c}Key } from './list-${m.business}';`,
    '',
    `export function get${C}(id: number) {`,
    `  return get(\`${m.baseUrl}/\${id}\`, { schema: ${c}DetailSchema });`,
    '}',
    '',
    `export function ${c}DetailQueryOptions(id: number) {`,
    `  return queryOptions({ queryKey: [...${c}Key, 'detail', id], queryFn: () => get${C}(id) });`,
    '}',
    '',
  );
}
