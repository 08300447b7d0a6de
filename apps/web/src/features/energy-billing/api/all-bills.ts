import { z } from 'zod';
import { billFileName, billPlaceNames, sanitizeFilePart, type BillNodes } from '@sbuilding/shared';
import { get, getBlob, RequestError } from '@/lib/request';
import { saveBlob } from '@/lib/save-blob';

export type BillFormat = 'xlsx' | 'pdf';
type BillNode = BillNodes[number];

/** At most this many bill files are asked for at once (the server renders each PDF on demand). */
export const ALL_BILLS_PARALLEL = 2;

export interface AllBillsProgress {
  /** Places answered so far (a file, no meter, or a failure). */
  done: number;
  total: number;
  /** The place asked for last. */
  current: string | null;
}

export interface AllBillsResult {
  /** Bills in the zip (0 when canceled: nothing is saved then). */
  files: number;
  /** Places that turned out to have no meter channel meanwhile (the server answers 400). */
  skipped: number;
  failed: { name: string; message: string }[];
  /** Places not fetched because an expired login (401) stopped the run. */
  notAsked: number;
  canceled: boolean;
  /** The saved zip's name, or null when nothing was saved. */
  zipName: string | null;
}

/**
 * The zip entry of a place's bill: the shared `billFileName` (a floor's says its building, as one download's
 * does); a name already taken gets `-2`, `-3`, … before the month.
 */
export function zipEntryName(
  node: BillNode,
  nodes: BillNodes,
  month: string,
  format: BillFormat,
  taken: Set<string>,
): string {
  const names = billPlaceNames(node, nodes);
  let name = billFileName(node, names, month, format);
  for (let n = 2; taken.has(name.toLowerCase()); n++)
    name = billFileName(node, [...names.slice(0, -1), `${names.at(-1) ?? ''}-${n}`], month, format);
  taken.add(name.toLowerCase());
  return name;
}

/** The places whose bill "every bill" fetches: those a meter measures (the others have no bill). */
export function billedNodes(nodes: BillNodes): BillNodes {
  return nodes.filter((n) => n.metered);
}

/** A blob's bytes; FileReader, since not every environment has Blob.arrayBuffer (jsdom). */
export function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // Not `instanceof ArrayBuffer`: jsdom's reader may answer another realm's ArrayBuffer.
    reader.onload = () =>
      resolve(
        typeof reader.result === 'string' || !reader.result
          ? new Uint8Array()
          : new Uint8Array(reader.result),
      );
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}

const projectNameSchema = z.object({ projectName: z.string() });

async function projectFilePart(projectId: number): Promise<string> {
  try {
    const project = await get(`/sbuilding/project/${projectId}`, { silent: true, schema: projectNameSchema });
    return sanitizeFilePart(project.projectName) || `project${projectId}`;
  } catch {
    return `project${projectId}`;
  }
}

/**
 * Every bill of a month as one zip, made in the browser: each metered place's file (the caller passes
 * `billedNodes`: a place without a meter has no bill, and asking would only answer 400) through `getBlob`
 * (the same login, language and refusals as one download), at most `ALL_BILLS_PARALLEL` at once. A place
 * whose meter went meanwhile (400) is counted and left out, any other failure is recorded by name and the rest go on; an expired
 * login (401) stops the run, since every further request would fail the same way. Aborting `signal` stops
 * the requests still to come and those under way, and nothing is saved. The requests give no notice of
 * their own (the summary reports what failed instead of one notice per place), except the expired login's
 * dialog, so the user can sign in again.
 */
export async function downloadAllBills(options: {
  projectId: number;
  month: string;
  format: BillFormat;
  nodes: BillNodes;
  /** Every place of the project, for the names of the places' buildings and floors. */
  allNodes: BillNodes;
  signal: AbortSignal;
  onProgress: (progress: AllBillsProgress) => void;
}): Promise<AllBillsResult> {
  const { projectId, month, format, nodes, allNodes, signal, onProgress } = options;
  const total = nodes.length;
  const blobs: (Blob | null)[] = nodes.map(() => null);
  const failed: { index: number; message: string }[] = [];
  let skipped = 0;
  let next = 0;
  let done = 0;
  let current: string | null = null;
  // Aborted by the caller's signal (Cancel) or by an expired login.
  const stop = new AbortController();
  if (signal.aborted) stop.abort();
  else signal.addEventListener('abort', () => stop.abort(), { once: true });
  const stopped = () => stop.signal.aborted;

  const worker = async () => {
    while (!stopped() && next < total) {
      const index = next++;
      const node = nodes[index]!;
      current = node.name;
      onProgress({ done, total, current });
      try {
        blobs[index] = await getBlob('/sbuilding/energy/bill/file', {
          params: { projectId, month, level: node.level, nodeId: node.id, format },
          signal: stop.signal,
          // The summary lists what failed; an expired login still gets its dialog to sign in again.
          silent: 'except-expired',
        });
      } catch (error) {
        if (stopped()) return;
        const code = error instanceof RequestError ? error.code : null;
        if (code === 400) skipped++;
        else failed.push({ index, message: error instanceof Error ? error.message : String(error) });
        if (code === 401) stop.abort();
      }
      done++;
      onProgress({ done, total, current });
    }
  };
  await Promise.all(Array.from({ length: Math.min(ALL_BILLS_PARALLEL, total) }, worker));

  const failures = failed
    .sort((a, b) => a.index - b.index)
    .map((f) => ({ name: nodes[f.index]!.name, message: f.message }));
  const notAsked = total - done;
  if (signal.aborted) return { files: 0, skipped, failed: failures, notAsked, canceled: true, zipName: null };

  const { zipSync } = await import('fflate');
  const taken = new Set<string>();
  const entries: Record<string, Uint8Array> = {};
  for (const [index, blob] of blobs.entries()) {
    if (blob) entries[zipEntryName(nodes[index]!, allNodes, month, format, taken)] = await blobBytes(blob);
  }
  const files = Object.keys(entries).length;
  if (files === 0) return { files, skipped, failed: failures, notAsked, canceled: false, zipName: null };
  const zipName = `${await projectFilePart(projectId)}_bills_${month}.zip`;
  const zipped = zipSync(entries);
  saveBlob(new Blob([new Uint8Array(zipped)], { type: 'application/zip' }), zipName);
  return { files, skipped, failed: failures, notAsked, canceled: false, zipName };
}
